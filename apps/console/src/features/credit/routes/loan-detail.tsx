import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { formatPaise } from '@sampada/shared';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useLoan } from '../api/loans';
import { LoanDecisionModal } from '../components/loan-decision-modal';
import { LoanForeclosure } from '../components/loan-foreclosure';
import { LoanPapers } from '../components/loan-papers';
import { LoanPostings } from '../components/loan-postings';
import { LoanScheduleTable } from '../components/loan-schedule-table';
import { LoanStatusBadge } from '../components/loan-status-badge';
import { MarginCallHistory } from '../components/margin-call-history';
import { actionsFor, useLoanDecision } from '../components/use-loan-decision';
import { LoanFigures, LoanHistory, LoanPledges } from './loan-detail-sections';

const LABELS: Record<string, string> = {
  approve: 'Approve',
  reject: 'Reject',
  disburse: 'Disburse',
  'write-off': 'Write off',
  'invoke-pledge': 'Invoke pledge',
};

/**
 * One loan: terms, what is owed and paid, the pledge and its LTV, the schedule (each
 * instalment's state and payment), margin calls, the foreclosure statement while open, the key
 * fact statement and papers (read-only), the ledger postings once disbursed, and the history.
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
          <LoanFigures loan={loan} />
          {loan.pledges.length ? <LoanPledges loan={loan} /> : null}
          <LoanScheduleTable loan={loan} />
          {loan.product.kind === 'loan_against_shares' ? (
            <MarginCallHistory calls={loan.margin_calls} />
          ) : null}
          <LoanForeclosure loan={loan} />
          <LoanPapers loan={loan} />
          {loan.disbursed_at ? <LoanPostings loanId={loan.id} /> : null}
          <LoanHistory loan={loan} />
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
