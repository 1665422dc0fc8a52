import { Table, type TableTdProps } from '@mantine/core';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { ListTable } from './list-table';
import { LoadMoreButton } from './load-more-button';
import { PageHeader } from './page-header';
import { QueryState } from './query-state';
import { StatusFilter, useStatusParam } from './queue-parts';

/**
 * One review queue (loans, compensation claims, deposits, withdrawals): the title and the
 * status filter from the address, the table of rows with its columns, the word in place of
 * rows when there are none, paging, and (where a row has a page of its own) row click.
 * "Waiting" is the queue's default status, the work to do: it reads oldest or due first,
 * every other status newest first; the description and the empty word follow.
 */

/** A column: its head ('' for none), its cell, right-aligned unwrapped figures on request. */
export type TQueueColumn<TRow> = {
  head: string;
  cell: (row: TRow) => ReactNode;
  right?: boolean;
  td?: TableTdProps;
};

/** What reads differently while the queue shows its waiting work, and otherwise. */
export type TQueueText = { waiting: ReactNode; other: ReactNode };

export type TPagedRows<TRow> = {
  data?: { pages: { items: TRow[] }[] } | undefined;
  isPending: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** A click on a link, button or field inside the row is that control's, not the row's. */
const fromControl = (target: EventTarget) =>
  target instanceof Element && Boolean(target.closest('a, button, input, textarea, [role=button]'));

/** Row click and Enter open the row's page (KYC queue too, which has no status filter). */
export function rowOpener<TRow>(onOpen: ((row: TRow) => void) | undefined, row: TRow) {
  if (!onOpen) return {};
  return {
    style: { cursor: 'pointer' },
    tabIndex: 0,
    onClick: (event: MouseEvent) => {
      if (!fromControl(event.target)) onOpen(row);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' && !fromControl(event.target)) onOpen(row);
    },
  };
}

/** The rows of a paged queue in a bordered table, then Load more while there is more. */
export function QueueTable<TRow extends { id: string }>({
  query,
  columns,
  minWidth,
  rowTestId,
  empty,
  onOpen,
}: {
  query: TPagedRows<TRow>;
  /** Typed by the query's rows, so the shared column helpers take their row type from it. */
  columns: NoInfer<TQueueColumn<TRow>>[];
  minWidth: number;
  rowTestId: string;
  empty: ReactNode;
  /** Opens the row's own page; rows are then clickable (and Enter opens the focused one). */
  onOpen?: (row: TRow) => void;
}) {
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <QueryState isPending={query.isPending} error={query.error}>
      <ListTable
        minWidth={minWidth}
        columns={columns.map((c) => (c.right ? { label: c.head, right: true } : c.head))}
        empty={rows.length === 0 ? empty : null}
        highlightOnHover
        verticalSpacing="sm"
      >
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid={rowTestId} {...rowOpener(onOpen, row)}>
            {columns.map((column, index) => (
              <Table.Td
                key={index}
                {...(column.right ? { ta: 'right', style: { whiteSpace: 'nowrap' } } : {})}
                {...column.td}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </ListTable>
      <LoadMoreButton query={query} />
    </QueryState>
  );
}

/** The queue's status filter: its statuses, the waiting one, and the status the address holds. */
export type TQueueStatus<TStatus extends string> = {
  status: TStatus;
  waiting: TStatus;
  filters: readonly TStatus[];
  onChange: (value: string | null) => void;
  labelOf?: (status: TStatus) => string;
  width?: number;
};

/** Reads `?status=` (the waiting status when absent) for a queue with these statuses. */
export function useQueueStatus<TStatus extends string>(
  filters: readonly TStatus[],
  waiting: NoInfer<TStatus>,
  look: Pick<TQueueStatus<TStatus>, 'labelOf' | 'width'> = {},
): TQueueStatus<TStatus> {
  const [status, onChange] = useStatusParam<TStatus>(waiting);
  return { status, waiting, filters, onChange, ...look };
}

/**
 * A whole queue page: header with the status filter (after any `actions` on the whole queue),
 * the table, and `children` after it (the decision dialogs).
 */
export function QueuePage<TRow extends { id: string }, TStatus extends string>({
  title,
  statusFilter: filter,
  description,
  empty,
  actions,
  children,
  ...table
}: {
  title: string;
  statusFilter: TQueueStatus<TStatus>;
  /** `other` is 'Newest first' unless given. */
  description: { waiting: string; other?: string };
  empty: TQueueText;
  /** Controls that act on the queue as a whole (matching a bank statement), beside the filter. */
  actions?: ReactNode;
  children?: ReactNode;
} & Omit<Parameters<typeof QueueTable<TRow>>[0], 'empty'>) {
  const waiting = filter.status === filter.waiting;
  return (
    <>
      <PageHeader
        title={title}
        description={waiting ? description.waiting : (description.other ?? 'Newest first')}
        actions={
          <>
            {actions}
            <StatusFilter
              filters={filter.filters}
              value={filter.status}
              onChange={filter.onChange}
              labelOf={filter.labelOf}
              width={filter.width}
            />
          </>
        }
      />
      <QueueTable {...table} empty={waiting ? empty.waiting : empty.other} />
      {children}
    </>
  );
}
