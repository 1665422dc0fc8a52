import { Anchor, Button, Group, Text } from '@mantine/core';
import type { TConsoleLoan } from '@sampada/shared';
import { Link } from 'react-router';
import {
  actionsColumn,
  amountColumn,
  Approvals,
  clientColumn,
  whenColumn,
} from '../../../components/queue-columns';
import type { TQueueColumn } from '../../../components/queue-page';
import { paths } from '../../../config/paths';
import type { TLoanAction } from '../components/loan-decision-modal';
import { actionsFor } from '../components/use-loan-decision';
import { LoanStatusBadge } from '../components/loan-status-badge';

const LABELS: Record<string, string> = {
  approve: 'Approve',
  reject: 'Reject',
  disburse: 'Disburse',
  'write-off': 'Write off',
};
const against = (action: string) => action === 'reject' || action === 'write-off';

/**
 * The loan queue's columns; the decisions the officer may take sit in the last one. `after`
 * (the dues of disbursed loans) go right after the amount.
 */
export function loanQueueColumns(
  mayDecide: boolean,
  start: (action: TLoanAction, loan: TConsoleLoan) => void,
  after: TQueueColumn<TConsoleLoan>[] = [],
): TQueueColumn<TConsoleLoan>[] {
  return [
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
    ...after,
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
      // Room for the badge's word: the dues columns of disbursed loans squeeze it otherwise.
      td: { style: { minWidth: 96 } },
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
}
