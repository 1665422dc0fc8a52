import { useNavigate } from 'react-router';
import { QueuePage, useQueueStatus } from '../../../components/queue-page';
import { paths } from '../../../config/paths';
import { LOAN_FILTERS, useLoanQueue } from '../api/loans';
import { LoanDecisionModal } from '../components/loan-decision-modal';
import { useLoanDecision } from '../components/use-loan-decision';
import { loanQueueColumns } from './loan-queue-columns';

/** Loan applications waiting for a decision (oldest first), or any other status (newest first). */
export function LoanQueuePage() {
  const statusFilter = useQueueStatus(LOAN_FILTERS, 'applied', {
    labelOf: (s) => s.replace('_', ' '),
    width: 170,
  });
  const queue = useLoanQueue(statusFilter.status);
  const navigate = useNavigate();
  const { open, failure, start, close, run, decide, mayDecide } = useLoanDecision();
  const columns = loanQueueColumns(mayDecide, start);
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
