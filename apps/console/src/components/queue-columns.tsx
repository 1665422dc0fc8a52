import { Text } from '@mantine/core';
import { formatPaise } from '@sampada/shared';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format';
import { ClientCell, type TClientRef } from './client-cell';
import { DecidedStatus, DecisionButtons } from './queue-parts';
import type { TQueueColumn } from './queue-page';

/**
 * The columns every review queue repeats: when it came in, whose it is, how much, who
 * approved, and what was decided by whom and when. Each page adds its own in between.
 */

/** When the row came in (`created_at`), under the page's word for it. */
export const whenColumn = <TRow extends { created_at: string }>(
  head: string,
): TQueueColumn<TRow> => ({ head, cell: (row) => formatDateTime(row.created_at) });

/** The client, linking to their page. */
export const clientColumn = <TRow extends { client: TClientRef }>(): TQueueColumn<TRow> => ({
  head: 'Client',
  cell: (row) => <ClientCell client={row.client} />,
});

/** A sum of money, right-aligned and unwrapped. */
export const amountColumn = <TRow,>(
  head: string,
  paiseOf: (row: TRow) => number,
): TQueueColumn<TRow> => ({ head, right: true, cell: (row) => formatPaise(paiseOf(row)) });

/** Maker-checker progress: 'N of M', and who approved so far; `small` as a line under another. */
export function Approvals({
  approvals,
  required,
  by = [],
  suffix = '',
  small = false,
}: {
  approvals: number;
  required: number;
  by?: string[];
  suffix?: string;
  small?: boolean;
}) {
  return (
    <>
      <Text size={small ? 'xs' : 'sm'} c={small ? 'dimmed' : undefined}>
        {approvals} of {required}
        {suffix}
      </Text>
      {by.length ? (
        <Text size="xs" c="dimmed">
          {by.join(', ')}
        </Text>
      ) : null}
    </>
  );
}

type TDecided = {
  status: string;
  reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
};

/** The status with the reason given and who decided when; `more` adds a line between. */
export const decidedColumn = <TRow extends TDecided>(
  more?: (row: TRow) => ReactNode,
): TQueueColumn<TRow> => ({
  head: 'Status',
  cell: (row) => (
    <DecidedStatus
      status={row.status}
      reason={row.reason}
      decidedBy={row.decided_by}
      decidedAt={row.decided_at}
    >
      {more?.(row)}
    </DecidedStatus>
  ),
});

/** The row's decision buttons (a head-less last column). */
export const actionsColumn = <TRow,>(cell: (row: TRow) => ReactNode): TQueueColumn<TRow> => ({
  head: '',
  cell,
});

/** A pending row's two decisions (the one that goes ahead, and Reject); nothing once decided. */
export const pendingDecisionColumn = <TRow extends { status: string }>(
  approveLabel: string,
  onApprove: (row: TRow) => void,
  onReject: (row: TRow) => void,
): TQueueColumn<TRow> =>
  actionsColumn((row) =>
    row.status === 'pending' ? (
      <DecisionButtons
        approve={{ label: approveLabel, onClick: () => onApprove(row) }}
        reject={{ onClick: () => onReject(row) }}
      />
    ) : null,
  );
