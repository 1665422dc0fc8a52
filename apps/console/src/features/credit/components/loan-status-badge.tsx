import { Badge } from '@mantine/core';
import { LOAN_STATUS_LABELS, type TLoanStatus } from '@sampada/shared';

const COLORS: Record<TLoanStatus, string> = {
  applied: 'yellow',
  approved: 'blue',
  rejected: 'red',
  cancelled: 'gray',
  disbursed: 'teal',
  closed: 'gray',
  written_off: 'red',
};

export function LoanStatusBadge({ status }: { status: TLoanStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="loan-status">
      {LOAN_STATUS_LABELS[status]}
    </Badge>
  );
}
