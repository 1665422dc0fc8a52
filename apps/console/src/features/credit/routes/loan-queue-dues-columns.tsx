import { Badge, Text } from '@mantine/core';
import { formatPaise, type TConsoleLoan } from '@sampada/shared';
import type { TQueueColumn } from '../../../components/queue-page';
import { formatIstDay } from '../../../lib/format';
import { DPD_BUCKET_COLORS, DPD_BUCKET_LABELS } from '../components/dpd-bucket';

/**
 * What a disbursed loan owes now and how late it is, as the server's dues rule computed them
 * (dues.ts): due now with the next due date (an IST calendar day), and the overdue part with
 * its days past due and bucket.
 */
/** A loan not (or no longer) disbursed owes no instalments. */
const NONE = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

export function loanDuesColumns(): TQueueColumn<TConsoleLoan>[] {
  return [
    {
      head: 'Due now',
      right: true,
      cell: (loan) =>
        loan.status !== 'disbursed' ? (
          NONE
        ) : (
          <>
            <Text size="sm" data-testid="loan-due-now">
              {formatPaise(loan.due_now_paise)}
            </Text>
            {loan.next_due_date ? (
              <Text size="xs" c="dimmed">
                next {formatIstDay(loan.next_due_date)} (IST)
              </Text>
            ) : null}
          </>
        ),
    },
    {
      head: 'Overdue',
      right: true,
      cell: (loan) =>
        loan.status !== 'disbursed' ? (
          NONE
        ) : (
          <>
            <Text
              size="sm"
              c={loan.past_due_paise > 0 ? 'red.9' : undefined}
              data-testid="loan-overdue"
            >
              {formatPaise(loan.past_due_paise)}
            </Text>
            <Badge
              size="xs"
              variant="light"
              color={DPD_BUCKET_COLORS[loan.dpd_bucket]}
              data-testid="loan-dpd"
              data-bucket={loan.dpd_bucket}
            >
              {loan.dpd > 0
                ? `${DPD_BUCKET_LABELS[loan.dpd_bucket].label} · ${loan.dpd} DPD`
                : DPD_BUCKET_LABELS[loan.dpd_bucket].label}
            </Badge>
          </>
        ),
    },
  ];
}
