import {
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatBps, istToday, percentToBps, type TBenchmark } from '@sampada/shared';
import { useState } from 'react';
import { DayInput } from '../../../components/day-field';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSetBenchmark } from '../api/products';

/** An admin's new rate: percent typed, basis points sent; from today (IST) or a later day. */
function BenchmarkForm() {
  const save = useSetBenchmark();
  const [rate, setRate] = useState<string | number>('');
  const [day, setDay] = useState<string>(istToday());
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const rateBps = rate === '' ? null : percentToBps(rate);
  const submit = () => {
    setFailure(null);
    save.mutate(
      { rate_bps: rateBps ?? Number.NaN, effective_from: day, reason },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          setRate('');
          setReason('');
        },
        onError: (error) => setFailure(error.message),
      },
    );
  };
  return (
    <Group align="flex-end" wrap="wrap">
      <NumberInput
        label="New rate (%)"
        decimalScale={2}
        allowNegative={false}
        value={rate}
        onChange={setRate}
        w={140}
        data-testid="benchmark-rate"
      />
      <DayInput
        label="From (IST day)"
        value={day}
        minDay={istToday()}
        onChange={setDay}
        data-testid="benchmark-day"
      />
      <TextInput
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        w={280}
        data-testid="benchmark-reason"
      />
      <Button onClick={submit} loading={save.isPending} data-testid="benchmark-save">
        Set rate
      </Button>
      {failure ? (
        <Text size="sm" c="red" data-testid="benchmark-failure">
          {failure}
        </Text>
      ) : null}
    </Group>
  );
}

/**
 * The lending benchmark floating products are priced on (decision 061): the rate in force
 * today and every rate set, the latest day first. Loans reset to it on their reset days.
 */
export function BenchmarkCard({
  benchmark,
  editable,
}: {
  benchmark: TBenchmark;
  editable: boolean;
}) {
  return (
    <Card withBorder data-testid="benchmark">
      <Stack gap="sm">
        <Title order={4}>Floating-rate benchmark: {benchmark.name}</Title>
        <Text data-testid="benchmark-current">
          {benchmark.current
            ? `${formatBps(benchmark.current.rate_bps)} since ${benchmark.current.effective_from} (IST)`
            : 'No rate set: floating products are not offered until one is.'}
        </Text>
        {editable ? <BenchmarkForm /> : null}
        {benchmark.history.length ? (
          <Table withTableBorder data-testid="benchmark-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From (IST)</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Set at</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {benchmark.history.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.effective_from}</Table.Td>
                  <Table.Td ta="right">{formatBps(row.rate_bps)}</Table.Td>
                  <Table.Td>{row.reason}</Table.Td>
                  <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
}
