import { useNavigate } from 'react-router';
import { QueuePage, useQueueStatus } from '../../../components/queue-page';
import { paths } from '../../../config/paths';
import { LOAN_FILTERS, useLoanQueue } from '../api/loans';
import { DPD_BUCKET_LABELS } from '../components/dpd-bucket';
import { LoanBucketFilter, useBucketParam } from '../components/loan-bucket-filter';
import { LoanDecisionModal } from '../components/loan-decision-modal';
import { useLoanDecision } from '../components/use-loan-decision';
import { loanQueueColumns } from './loan-queue-columns';
import { loanDuesColumns } from './loan-queue-dues-columns';

/**
 * Loan applications waiting for a decision (oldest first), or any other status (newest first);
 * disbursed loans also by days-past-due bucket, each bucket with its count, and with what each
 * owes now and how much of it is overdue.
 */
export function LoanQueuePage() {
  const statusFilter = useQueueStatus(LOAN_FILTERS, 'applied', {
    labelOf: (s) => s.replace('_', ' '),
    width: 170,
  });
  const [bucket, setBucket] = useBucketParam();
  const queue = useLoanQueue(statusFilter.status, undefined, bucket);
  const navigate = useNavigate();
  const { open, failure, start, close, run, decide, mayDecide } = useLoanDecision();
  const servicing = bucket !== undefined || ['disbursed', 'all'].includes(statusFilter.status);
  const columns = loanQueueColumns(mayDecide, start, servicing ? loanDuesColumns() : []);
  return (
    <QueuePage
      title="Loans"
      statusFilter={statusFilter}
      actions={<LoanBucketFilter bucket={bucket} onChange={setBucket} />}
      description={{
        waiting: 'Applications waiting for a decision, oldest first',
        other: bucket
          ? `Disbursed loans: ${DPD_BUCKET_LABELS[bucket].label} (${DPD_BUCKET_LABELS[bucket].range}), newest first`
          : 'Newest first',
      }}
      empty={{ waiting: 'No applications waiting.', other: 'No loans.' }}
      query={queue}
      minWidth={servicing ? 1100 : 980}
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
