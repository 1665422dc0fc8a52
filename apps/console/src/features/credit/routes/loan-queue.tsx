import { Anchor, Button, Card, Group, Select, Table, Text } from '@mantine/core';
import { formatPaise } from '@sampada/shared';
import { Link, useSearchParams } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { LOAN_FILTERS, useLoanQueue } from '../api/loans';
import { LoanDecisionModal } from '../components/loan-decision-modal';
import { LoanStatusBadge } from '../components/loan-status-badge';
import { actionsFor, useLoanDecision } from '../components/use-loan-decision';

const LABELS: Record<string, string> = {
  approve: 'Approve',
  reject: 'Reject',
  disburse: 'Disburse',
  'write-off': 'Write off',
};

/** Loan applications waiting for a decision (oldest first), or any other status (newest first). */
export function LoanQueuePage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'applied';
  const queue = useLoanQueue(status);
  const { open, failure, start, close, run, decide, mayDecide } = useLoanDecision();
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader
        title="Loans"
        description={
          status === 'applied'
            ? 'Applications waiting for a decision, oldest first'
            : 'Newest first'
        }
        actions={
          <Select
            aria-label="Status"
            data={LOAN_FILTERS.map((s) => ({
              value: s,
              label: s === 'all' ? 'All' : s.replace('_', ' '),
            }))}
            value={status}
            allowDeselect={false}
            onChange={(value) => setParams(value && value !== 'applied' ? { status: value } : {})}
            w={170}
          />
        }
      />
      <QueryState isPending={queue.isPending} error={queue.error}>
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={980}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Applied</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Approvals</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((loan) => (
                  <Table.Tr key={loan.id} data-testid="loan-row">
                    <Table.Td>{formatDateTime(loan.created_at)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.client(loan.client.id)} size="sm">
                        {loan.client.name ?? loan.client.uid}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        UID {loan.client.uid}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={paths.loan(loan.id)}
                        size="sm"
                        data-testid="loan-open"
                      >
                        {loan.product.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {loan.tenure_months} months
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatPaise(loan.amount_paise)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {loan.approvals} of {loan.approvals_required}
                      </Text>
                      {loan.approved_by.length ? (
                        <Text size="xs" c="dimmed">
                          {loan.approved_by.join(', ')}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <LoanStatusBadge status={loan.status} />
                      {loan.reason ? (
                        <Text size="xs" c="dimmed">
                          {loan.reason}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {actionsFor(loan, mayDecide).map((action) => (
                          <Button
                            key={action}
                            size="compact-sm"
                            variant={
                              action === 'reject' || action === 'write-off' ? 'light' : 'filled'
                            }
                            color={
                              action === 'reject' || action === 'write-off'
                                ? 'red'
                                : action === 'approve'
                                  ? 'teal'
                                  : 'blue'
                            }
                            onClick={() => start(action, loan)}
                            data-testid={`loan-${action}`}
                          >
                            {LABELS[action]}
                          </Button>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 ? (
            <Text c="dimmed" p="md">
              {status === 'applied' ? 'No applications waiting.' : 'No loans.'}
            </Text>
          ) : null}
        </Card>
        <LoadMoreButton query={queue} />
      </QueryState>
      <LoanDecisionModal
        key={open ? `${open.kind}:${open.item.id}` : 'none'}
        action={open?.kind ?? null}
        loan={open?.item ?? null}
        failure={failure}
        loading={decide.isPending}
        onClose={close}
        onDecide={(decision) => open && run(open.item, decision)}
      />
    </>
  );
}
