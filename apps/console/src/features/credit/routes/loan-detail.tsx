import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatBps, formatPaise } from '@sampada/shared';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useLoan } from '../api/loans';
import { LoanDecisionModal } from '../components/loan-decision-modal';
import { LoanForeclosure } from '../components/loan-foreclosure';
import { LoanPapers } from '../components/loan-papers';
import { LoanStatusBadge } from '../components/loan-status-badge';
import { MarginCallHistory } from '../components/margin-call-history';
import { actionsFor, useLoanDecision } from '../components/use-loan-decision';

const LABELS: Record<string, string> = {
  approve: 'Approve',
  reject: 'Reject',
  disburse: 'Disburse',
  'write-off': 'Write off',
  'invoke-pledge': 'Invoke pledge',
};

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

/**
 * One loan: terms, what is owed and paid, the pledge and its LTV, the schedule, margin calls,
 * the foreclosure statement while open, the key fact statement and papers (read-only), and the
 * history.
 */
export function LoanDetailPage() {
  const { id = '' } = useParams();
  const query = useLoan(id);
  const { open, failure, start, close, run, decide, mayDecide } = useLoanDecision();
  const loan = query.data;
  return (
    <QueryState isPending={query.isPending} error={query.error}>
      {loan ? (
        <Stack gap="lg" data-testid="console-loan">
          <PageHeader
            title={`${loan.product.name} · ${formatPaise(loan.amount_paise)}`}
            description={`${loan.client.name ?? '—'} (UID ${loan.client.uid}) · applied ${formatDateTime(loan.created_at)}`}
            actions={
              <Group gap="xs">
                <LoanStatusBadge status={loan.status} />
                {actionsFor(loan, mayDecide).map((action) => (
                  <Button
                    key={action}
                    size="sm"
                    color={
                      action === 'reject' || action === 'write-off'
                        ? 'red'
                        : action === 'approve'
                          ? 'teal'
                          : 'blue'
                    }
                    variant={action === 'reject' || action === 'write-off' ? 'light' : 'filled'}
                    onClick={() => start(action, loan)}
                    data-testid={`loan-${action}`}
                  >
                    {LABELS[action]}
                  </Button>
                ))}
              </Group>
            }
          />
          <Text size="sm">
            <Anchor component={Link} to={paths.client(loan.client.id)}>
              Client page
            </Anchor>{' '}
            · Approvals {loan.approvals} of {loan.approvals_required}
            {loan.approved_by.length ? ` (${loan.approved_by.join(', ')})` : ''}
            {loan.decided_by ? ` · decided by ${loan.decided_by}` : ''}
            {loan.reason ? ` · ${loan.reason}` : ''}
          </Text>
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
          {loan.pledges.length ? (
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
          ) : null}
          <Stack gap="xs">
            <Title order={4}>Schedule</Title>
            <Table.ScrollContainer minWidth={600}>
              <Table withTableBorder striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Due</Table.Th>
                    <Table.Th ta="right">Interest</Table.Th>
                    <Table.Th ta="right">Principal</Table.Th>
                    <Table.Th ta="right">Instalment</Table.Th>
                    <Table.Th ta="right">Balance</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {loan.schedule.map((i) => (
                    <Table.Tr key={i.number}>
                      <Table.Td>{i.due_date}</Table.Td>
                      <Table.Td ta="right">{formatPaise(i.interest_paise)}</Table.Td>
                      <Table.Td ta="right">{formatPaise(i.principal_paise)}</Table.Td>
                      <Table.Td ta="right">{formatPaise(i.amount_paise)}</Table.Td>
                      <Table.Td ta="right">{formatPaise(i.balance_after_paise)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
          {loan.product.kind === 'loan_against_shares' ? (
            <MarginCallHistory calls={loan.margin_calls} />
          ) : null}
          <LoanForeclosure loan={loan} />
          <LoanPapers loan={loan} />
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
        </Stack>
      ) : null}
      <LoanDecisionModal
        key={open ? `${open.kind}:${open.item.id}` : 'none'}
        action={open?.kind ?? null}
        loan={open?.item ?? null}
        failure={failure}
        loading={decide.isPending}
        onClose={close}
        onDecide={(decision) => open && run(open.item, decision)}
      />
    </QueryState>
  );
}
