import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatBps, formatPaise, type TConsoleLoanDetail } from '@sampada/shared';
import { formatDateTime } from '../../../lib/format';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** What is owed, paid and due, and the pledge against it. */
export function LoanFigures({ loan }: { loan: TConsoleLoanDetail }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Figure
        label="Rate · tenure"
        value={`${formatBps(loan.annual_rate_bps)} · ${loan.tenure_months} months`}
      />
      <Figure
        label="Fee + GST"
        value={`${formatPaise(loan.processing_fee_paise)} + ${formatPaise(loan.fee_gst_paise)}`}
      />
      <Figure
        label="Outstanding"
        value={formatPaise(loan.outstanding_paise)}
        testId="loan-outstanding"
      />
      <Figure label="Interest accrued" value={formatPaise(loan.accrued_interest_paise)} />
      <Figure
        label="Paid (principal · interest)"
        value={`${formatPaise(loan.paid_principal_paise)} · ${formatPaise(loan.paid_interest_paise)}`}
      />
      <Figure label="Due now" value={formatPaise(loan.due_now_paise)} />
      <Figure
        label={`Past due (${loan.dpd} days, ${loan.dpd_bucket.replace('_', '-').toUpperCase()})`}
        value={formatPaise(loan.past_due_paise)}
      />
      <Figure label="Accrued, not due" value={formatPaise(loan.accrued_not_due_paise)} />
      <Figure label="Penal charges due" value={formatPaise(loan.fees_due_paise)} />
      {loan.floating ? (
        <Figure
          label={`Floating: ${loan.floating.benchmark} + ${formatBps(loan.floating.spread_bps)}, reset every ${loan.floating.reset_months} months`}
          value={`${loan.floating.next_reset_date ? `Next reset ${loan.floating.next_reset_date} (IST)` : 'No reset to come'} · borrower keeps the ${loan.floating.reset_preference === 'emi' ? 'EMI (tenure moves)' : 'tenure (EMI moves)'}`}
          testId="loan-floating"
        />
      ) : null}
      {loan.pledge_value_paise !== null ? (
        <Figure label="Pledge value" value={formatPaise(loan.pledge_value_paise)} />
      ) : null}
      {loan.ltv_bps !== null ? (
        <Figure
          label={`LTV (call ${formatBps(loan.product_levels.margin_call_ltv_bps ?? 0)}, sell-off ${formatBps(loan.product_levels.sell_off_ltv_bps ?? 0)})`}
          value={`${formatBps(loan.ltv_bps)}${loan.margin_state && loan.margin_state !== 'ok' ? ` · ${loan.margin_state.replace('_', ' ')}` : ''}`}
          testId="loan-ltv"
        />
      ) : null}
    </SimpleGrid>
  );
}

/** The pledged shares and whether each is still held. */
export function LoanPledges({ loan }: { loan: TConsoleLoanDetail }) {
  return (
    <Stack gap="xs">
      <Title order={4}>Pledge</Title>
      <Table withTableBorder data-testid="loan-pledges">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Stock</Table.Th>
            <Table.Th ta="right">Shares</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>Pledge</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loan.pledges.map((p) => (
            <Table.Tr key={p.symbol}>
              <Table.Td>
                {p.symbol} · {p.name}
              </Table.Td>
              <Table.Td ta="right">{p.quantity}</Table.Td>
              <Table.Td ta="right">{formatPaise(p.value_paise)}</Table.Td>
              <Table.Td>{p.released ? 'Released' : 'Held'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** What happened to the loan, oldest first. */
export function LoanHistory({ loan }: { loan: TConsoleLoanDetail }) {
  return (
    <Stack gap="xs">
      <Title order={4}>History</Title>
      {loan.events.map((e, index) => (
        <Text size="sm" key={`${e.at}-${index}`}>
          <Text span c="dimmed" size="xs">
            {formatDateTime(e.at)}
          </Text>{' '}
          {e.message}
        </Text>
      ))}
    </Stack>
  );
}
