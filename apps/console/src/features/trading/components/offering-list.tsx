import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import type { TOfferingKind, TOfferingStatus } from '@sampada/shared';
import { IconPlus } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListTable, type TColumn } from '../../../components/list-table';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { confirmAction } from './confirm-action';

/** Above an offering list: its status filter, if it has one, and the button that publishes a new offering. */
export function OfferingToolbar({
  filter,
  newLabel,
  newTestId,
  onNew,
}: {
  filter?: ReactNode;
  newLabel: string;
  newTestId: string;
  onNew: () => void;
}) {
  return (
    <Group mb="md" justify={filter ? 'space-between' : 'flex-end'}>
      {filter}
      <Button leftSection={<IconPlus size={16} />} onClick={onNew} data-testid={newTestId}>
        {newLabel}
      </Button>
    </Group>
  );
}

/** An offering list once loaded: a table of the offerings, or a line saying there are none. */
export function OfferingTable({
  query,
  columns,
  empty,
  children,
}: {
  query: { isPending: boolean; error: Error | null; data?: readonly unknown[] | undefined };
  columns: TColumn[];
  /** Shown under the header when there are no offerings. */
  empty: string;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <QueryState isPending={query.isPending} error={query.error}>
      <ListTable
        minWidth={980}
        columns={columns}
        empty={(query.data ?? []).length === 0 ? empty : null}
        highlightOnHover
        verticalSpacing="sm"
      >
        {children}
      </ListTable>
    </QueryState>
  );
}

/** The stock an offering is in: its symbol over its name. */
export function OfferingStockCell({ symbol, name }: { symbol: string; name: string }) {
  return (
    <Table.Td>
      <Text size="sm" fw={600}>
        {symbol}
      </Text>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
    </Table.Td>
  );
}

/**
 * The last cell of an offering's row: a link to its orders on the desk and, while it is
 * open, a Close button that asks first and spins while that offering closes.
 */
export function OfferingActionsCell({
  offering,
  desk,
  closing,
  close,
}: {
  offering: { id: string; status: TOfferingStatus };
  /** The desk queue the offering's orders wait in, and the link's label. */
  desk: { type: TOfferingKind; label: string };
  closing: UseMutationResult<{ message: string }, Error, string>;
  /** The confirmation's title and body, and the Close button's test id. */
  close: { title: string; body: string; testId: string };
}) {
  const askClose = () =>
    confirmAction({
      confirmLabel: 'Close now',
      cancelLabel: 'Keep open',
      title: close.title,
      body: close.body,
      onConfirm: () =>
        closing.mutate(offering.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        }),
    });
  return (
    <Table.Td>
      <Group gap="xs" wrap="nowrap" justify="flex-end">
        <Anchor
          component={Link}
          to={`${paths.tradingDesk}?type=${desk.type}&offering_id=${offering.id}`}
          size="sm"
        >
          {desk.label}
        </Anchor>
        {offering.status === 'open' ? (
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            loading={closing.isPending && closing.variables === offering.id}
            onClick={askClose}
            data-testid={close.testId}
          >
            Close
          </Button>
        ) : null}
      </Group>
    </Table.Td>
  );
}
