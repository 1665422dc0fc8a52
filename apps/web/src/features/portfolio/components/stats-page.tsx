import { Group, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { ShowAssetsToggle } from '../../../components/show-assets-toggle';
import { CardTable } from '../../../components/card-table';

/**
 * A statistics page of the portfolio (investment, stocks): its title with the amounts toggle,
 * then the portfolio's figures, or their loading, failure or empty state.
 */
export function StatsPage({
  testId,
  title,
  query,
  isEmpty,
  emptyText,
  children,
}: {
  testId: string;
  title: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
        <ShowAssetsToggle />
      </Group>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={isEmpty}
        emptyText={emptyText}
        rows={4}
      >
        {children}
      </QueryState>
    </Stack>
  );
}

/** A statistics table: the first column names the row, the figures after it align right. */
export function StatsTable({
  testId,
  minWidth,
  columns,
  children,
  footer,
}: {
  testId: string;
  minWidth: number;
  columns: string[];
  /** The rows. */
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <CardTable minWidth={minWidth} highlightOnHover data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={column} ta={index ? 'right' : undefined}>
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
      {footer ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
    </CardTable>
  );
}
