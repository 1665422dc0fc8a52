import { Anchor, Badge, Text } from '@mantine/core';
import {
  CLAIM_STATUS_LABELS,
  COMPENSATION_CATEGORY_LABELS,
  DECISION_DAYS,
  type TConsoleClaim,
} from '@sampada/shared';
import { Link, useNavigate } from 'react-router';
import { amountColumn, Approvals, clientColumn } from '../../../components/queue-columns';
import { QueuePage, type TQueueColumn, useQueueStatus } from '../../../components/queue-page';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { CLAIM_FILTERS, useClaimQueue } from '../api';

const columns: TQueueColumn<TConsoleClaim>[] = [
  {
    head: 'Reference',
    cell: (claim) => (
      <>
        <Anchor component={Link} to={paths.claim(claim.id)} size="sm" data-testid="claim-open">
          {claim.reference}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatDateTime(claim.created_at)}
        </Text>
      </>
    ),
  },
  clientColumn(),
  { head: 'Category', cell: (claim) => COMPENSATION_CATEGORY_LABELS[claim.category] },
  amountColumn('Claimed', (claim) => claim.amount_claimed_paise),
  {
    head: 'Age',
    cell: (claim) => (
      <>
        <Text size="sm" c={claim.overdue ? 'red' : undefined} fw={claim.overdue ? 600 : undefined}>
          {claim.age_days} / {DECISION_DAYS} days
        </Text>
        <Text size="xs" c="dimmed">
          due {claim.decision_due}
        </Text>
      </>
    ),
  },
  {
    head: 'Status',
    cell: (claim) => (
      <>
        <Badge variant="light" color={claim.overdue ? 'red' : 'blue'}>
          {claim.overdue ? 'Overdue' : CLAIM_STATUS_LABELS[claim.status]}
        </Badge>
        {claim.approvals_required > 1 && (
          <Approvals
            approvals={claim.approvals}
            required={claim.approvals_required}
            suffix=" approvals"
            small
          />
        )}
      </>
    ),
  },
];

/** Compensation claims: open ones due first, so the overdue lead; age against the 21 days. */
export function ClaimQueuePage() {
  const statusFilter = useQueueStatus(CLAIM_FILTERS, 'open', {
    labelOf: (s) => (s === 'open' ? 'Open' : s === 'all' ? 'All' : CLAIM_STATUS_LABELS[s]),
    width: 170,
  });
  const queue = useClaimQueue(statusFilter.status);
  const navigate = useNavigate();
  return (
    <QueuePage
      title="Compensation claims"
      statusFilter={statusFilter}
      description={{ waiting: `Awaiting a decision, due first (target ${DECISION_DAYS} days)` }}
      empty={{ waiting: 'No claims.', other: 'No claims.' }}
      query={queue}
      minWidth={900}
      rowTestId="claim-row"
      columns={columns}
      onOpen={(claim) => void navigate(paths.claim(claim.id))}
    />
  );
}
