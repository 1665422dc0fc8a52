import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { formatBps, formatPaise, type TMarginCall } from '@sampada/shared';
import { formatDateTime } from '../../../lib/format';
import { SCROLLS_FROM_KEYBOARD } from '../../../components/list-table';

const STATUS: Record<TMarginCall['status'], { label: string; color: string }> = {
  open: { label: 'Open', color: 'orange' },
  met: { label: 'Met', color: 'teal' },
  invoked: { label: 'Invoked', color: 'red' },
  ended: { label: 'Ended with the loan', color: 'gray' },
};

/** A loan against shares' margin calls, newest first: deadline, shortfall, how each ended. */
export function MarginCallHistory({ calls }: { calls: TMarginCall[] }) {
  return (
    <Stack gap="xs" data-testid="loan-margin-calls">
      <Title order={4}>Margin calls</Title>
      {calls.length === 0 ? (
        <Text size="sm" c="dimmed">
          No margin calls.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720} scrollAreaProps={SCROLLS_FROM_KEYBOARD}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Raised</Table.Th>
                <Table.Th>Deadline</Table.Th>
                <Table.Th ta="right">LTV</Table.Th>
                <Table.Th ta="right">Shortfall</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Ended</Table.Th>
                <Table.Th>Sold</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calls.map((call) => (
                <Table.Tr key={call.id} data-testid="margin-call-row">
                  <Table.Td>{formatDateTime(call.raised_at)}</Table.Td>
                  <Table.Td>{call.deadline}</Table.Td>
                  <Table.Td ta="right">{formatBps(call.ltv_bps)}</Table.Td>
                  <Table.Td ta="right">{formatPaise(call.shortfall_paise)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS[call.status].color} variant="light">
                      {STATUS[call.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {call.ended_at
                      ? `${formatDateTime(call.ended_at)}${call.ended_ltv_bps === null ? '' : ` · ${formatBps(call.ended_ltv_bps)}`}`
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    {call.sold.length
                      ? call.sold.map((s) => `${s.quantity} ${s.symbol}`).join(', ')
                      : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
