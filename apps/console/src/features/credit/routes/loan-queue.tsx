import { Anchor, Button, Group, Text } from '@mantine/core';
import type { TConsoleLoan } from '@sampada/shared';
import { Link, useNavigate } from 'react-router';
import {
  actionsColumn,
  amountColumn,
  Approvals,
  clientColumn,
  whenColumn,
} from '../../../components/queue-columns';
import { QueuePage, type TQueueColumn, useQueueStatus } from '../../../components/queue-page';
import { paths } from '../../../config/paths';
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
const against = (action: string) => action === 'reject' || action === 'write-off';

/** Loan applications waiting for a decision (oldest first), or any other status (newest first). */
export function LoanQueuePage() {
  const statusFilter = useQueueStatus(LOAN_FILTERS, 'applied', {
    labelOf: (s) => s.replace('_', ' '),
    width: 170,
  });
  const queue = useLoanQueue(statusFilter.status);
  const navigate = useNavigate();
  const { open, failure, start, close, run, decide, mayDecide } = useLoanDecision();
  const columns: TQueueColumn<TConsoleLoan>[] = [
    whenColumn('Applied'),
    clientColumn(),
    {
      head: 'Product',
      cell: (loan) => (
        <>
          <Anchor component={Link} to={paths.loan(loan.id)} size="sm" data-testid="loan-open">
            {loan.product.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {loan.tenure_months} months
          </Text>
        </>
      ),
    },
    amountColumn('Amount', (loan) => loan.amount_paise),
    {
      head: 'Approvals',
      cell: (loan) => (
        <Approvals
          approvals={loan.approvals}
          required={loan.approvals_required}
          by={loan.approved_by}
        />
      ),
    },
    {
      head: 'Status',
      cell: (loan) => (
        <>
          <LoanStatusBadge status={loan.status} />
          {loan.reason ? (
            <Text size="xs" c="dimmed">
              {loan.reason}
            </Text>
          ) : null}
        </>
      ),
    },
    actionsColumn((loan) => (
      <Group gap="xs" wrap="nowrap">
        {actionsFor(loan, mayDecide).map((action) => (
          <Button
            key={action}
            size="compact-sm"
            variant={against(action) ? 'light' : 'filled'}
            color={against(action) ? 'red' : action === 'approve' ? 'teal' : 'blue'}
            onClick={() => start(action, loan)}
            data-testid={`loan-${action}`}
          >
            {LABELS[action]}
          </Button>
        ))}
      </Group>
    )),
  ];
  return (
    <QueuePage
      title="Loans"
      statusFilter={statusFilter}
      description={{ waiting: 'Applications waiting for a decision, oldest first' }}
      empty={{ waiting: 'No applications waiting.', other: 'No loans.' }}
      query={queue}
      minWidth={980}
      rowTestId="loan-row"
      columns={columns}
      onOpen={(loan) => void navigate(paths.loan(loan.id))}
    >
      <LoanDecisionModal
        key={open ? `${open.kind}:${open.item.id}` : 'none'}
        action={open?.kind ?? null}
        loan={open?.item ?? null}
        failure={failure}
        loading={decide.isPending}
        onClose={close}
        onDecide={(decision) => open && run(open.item, decision)}
      />
    </QueuePage>
  );
}
