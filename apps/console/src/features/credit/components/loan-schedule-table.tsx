import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { formatPaise, type TConsoleLoanDetail, type TInstalment } from '@sampada/shared';
import { formatIstDay } from '../../../lib/format';
import { SCROLLS_FROM_KEYBOARD } from '../../../components/list-table';

const STATES: Record<NonNullable<TInstalment['state']>, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'teal' },
  due: { label: 'Due today', color: 'blue' },
  overdue: { label: 'Overdue', color: 'red' },
  upcoming: { label: 'Upcoming', color: 'gray' },
};

/** An instalment's state as the server's dues rule set it; an overdue one with its DPD. */
function InstalmentState({ instalment: i }: { instalment: TInstalment }) {
  if (!i.state) return <Text c="dimmed">—</Text>;
  const { label, color } = STATES[i.state];
  const late = i.state === 'overdue' && i.days_past_due ? ` · ${i.days_past_due} days` : '';
  return (
    <Badge variant="light" color={color} data-testid="instalment-state">
      {label}
      {late}
    </Badge>
  );
}

/**
 * The repayment schedule, one row per instalment: due date (an IST calendar day), interest
 * (billed once due), principal, instalment, what was paid of it, the balance after, and its
 * state — paid, due today, overdue with its days past due, or upcoming. Before disbursal the
 * quoted schedule has no payments or states.
 */
export function LoanScheduleTable({ loan }: { loan: TConsoleLoanDetail }) {
  return (
    <Stack gap="xs">
      <Title order={4}>Schedule</Title>
      <Table.ScrollContainer minWidth={820} scrollAreaProps={SCROLLS_FROM_KEYBOARD}>
        <Table withTableBorder striped data-testid="loan-schedule">
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="right">#</Table.Th>
              <Table.Th>Due (IST)</Table.Th>
              <Table.Th ta="right">Interest</Table.Th>
              <Table.Th ta="right">Principal</Table.Th>
              <Table.Th ta="right">Instalment</Table.Th>
              <Table.Th ta="right">Paid</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loan.schedule.map((i) => (
              <Table.Tr key={i.number} data-testid="instalment-row">
                <Table.Td ta="right">{i.number}</Table.Td>
                <Table.Td>{formatIstDay(i.due_date)}</Table.Td>
                <Table.Td ta="right">{formatPaise(i.interest_paise)}</Table.Td>
                <Table.Td ta="right">{formatPaise(i.principal_paise)}</Table.Td>
                <Table.Td ta="right">{formatPaise(i.amount_paise)}</Table.Td>
                <Table.Td ta="right" data-testid="instalment-paid">
                  {i.paid_paise === undefined ? '—' : formatPaise(i.paid_paise)}
                </Table.Td>
                <Table.Td ta="right">{formatPaise(i.balance_after_paise)}</Table.Td>
                <Table.Td>
                  <InstalmentState instalment={i} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
