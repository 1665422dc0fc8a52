import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Fieldset,
  Grid,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CHARGE_LABELS,
  computeCharges,
  formatPaise,
  isRate,
  mayAccess,
  type TChargeSchedule,
  type TCharges,
  ZChargeScheduleUpdate,
} from '@sampada/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useCharges, useSaveCharges } from '../api/charges';
import { ChargesRupeeFields } from './charges-rupee-fields';

type TRateKey = Exclude<keyof TChargeSchedule, 'brokerage_max_paise' | 'dp_charge_paise'>;
const RATES: { key: TRateKey; label: string; description?: string }[] = [
  { key: 'brokerage_pct', label: 'Brokerage', description: 'Of the order value, up to the cap' },
  { key: 'stt_pct', label: 'STT', description: 'Delivery, both sides; rounded to the rupee' },
  { key: 'exchange_pct', label: 'Exchange transaction charge' },
  { key: 'sebi_pct', label: 'SEBI turnover fee', description: '₹10 per crore is 0.0001%' },
  { key: 'stamp_buy_pct', label: 'Stamp duty', description: 'Buy side only' },
  {
    key: 'gst_pct',
    label: 'GST',
    description: 'On brokerage, the exchange charge, the SEBI fee and the DP charge',
  },
];
/** The example trade the preview charges: ₹1,00,000. */
const EXAMPLE_PAISE = 10_000_000n;
const LINES = Object.keys(CHARGE_LABELS) as (keyof typeof CHARGE_LABELS)[];

/** The charge schedule every contract note applies; admin may change it. */
export function ChargesPage() {
  const charges = useCharges();
  const canEdit = mayAccess(useSession()?.staff.roles, 'chargesEdit');
  return (
    <>
      <PageHeader
        title="Charges"
        description={
          canEdit
            ? 'Applied to every trade from the moment you save'
            : 'Applied to every trade; only an admin can change them'
        }
      />
      <QueryState isPending={charges.isPending} error={charges.error}>
        {charges.data ? <ChargesForm schedule={charges.data} canEdit={canEdit} /> : null}
      </QueryState>
    </>
  );
}

function ChargesForm({ schedule, canEdit }: { schedule: TChargeSchedule; canEdit: boolean }) {
  const save = useSaveCharges();
  const form = useForm<TChargeSchedule>({
    resolver: zodResolver(ZChargeScheduleUpdate),
    defaultValues: schedule,
  });
  useEffect(() => form.reset(schedule), [schedule, form]);
  const values = form.watch();
  const submit = form.handleSubmit((next) =>
    save.mutate(next, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: notifyError,
    }),
  );
  const { errors } = form.formState;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form onSubmit={submit} noValidate>
          <Card withBorder>
            <Fieldset variant="unstyled" disabled={!canEdit}>
              <Stack>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {RATES.map((rate) => (
                    <TextInput
                      key={rate.key}
                      label={`${rate.label} (%)`}
                      description={rate.description}
                      inputMode="decimal"
                      rightSection="%"
                      {...form.register(rate.key)}
                      error={errors[rate.key]?.message}
                      data-testid={`charges-${rate.key}`}
                    />
                  ))}
                  <ChargesRupeeFields form={form} errors={errors} />
                </SimpleGrid>
                {canEdit ? (
                  <Button
                    type="submit"
                    loading={save.isPending}
                    disabled={!form.formState.isDirty}
                    data-testid="charges-save"
                    style={{ alignSelf: 'flex-start' }}
                  >
                    Save schedule
                  </Button>
                ) : null}
              </Stack>
            </Fieldset>
          </Card>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <ChargesExample schedule={values} />
      </Grid.Col>
    </Grid>
  );
}

const validSchedule = (s: TChargeSchedule) =>
  RATES.every((r) => typeof s[r.key] === 'string' && isRate(s[r.key])) &&
  Number.isInteger(s.brokerage_max_paise) &&
  s.brokerage_max_paise >= 0 &&
  Number.isInteger(s.dp_charge_paise) &&
  s.dp_charge_paise >= 0;

/** What the schedule in the form charges on a ₹1,00,000 buy and sell (computeCharges). */
function ChargesExample({ schedule }: { schedule: TChargeSchedule }) {
  if (!validSchedule(schedule)) {
    return (
      <Card withBorder>
        <Text size="sm" c="dimmed">
          Correct the rates to see an example.
        </Text>
      </Card>
    );
  }
  const buy: TCharges = computeCharges(schedule, 'buy', EXAMPLE_PAISE);
  // The example sell is the day's first of its scrip, so it pays the DP charge.
  const sell: TCharges = computeCharges(schedule, 'sell', EXAMPLE_PAISE, { dp: true });
  return (
    <Card withBorder data-testid="charges-example">
      <Title order={5} mb="xs">
        On a {formatPaise(EXAMPLE_PAISE)} trade
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">Buy</Table.Th>
            <Table.Th ta="right">Sell</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {LINES.map((line) => (
            <Table.Tr key={line}>
              <Table.Td>{CHARGE_LABELS[line]}</Table.Td>
              <Table.Td ta="right">{formatPaise(buy[line])}</Table.Td>
              <Table.Td ta="right">{formatPaise(sell[line])}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={600}>
            <Table.Td>Total</Table.Td>
            <Table.Td ta="right" data-testid="charges-example-buy">
              {formatPaise(buy.total_paise)}
            </Table.Td>
            <Table.Td ta="right" data-testid="charges-example-sell">
              {formatPaise(sell.total_paise)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}
