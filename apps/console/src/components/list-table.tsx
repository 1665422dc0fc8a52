import { Card, type ScrollAreaProps, Table, type TableProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column head: its label ('' for none), right-aligned for figures. */
export type TColumn = string | { label: ReactNode; right: true };

/**
 * A table's scroll area that a keyboard can scroll (axe: scrollable-region-focusable) and whose
 * scrollbar shows whenever the table is wider than its card: a phone has no hover to reveal it.
 */
export const SCROLLS_FROM_KEYBOARD = {
  type: 'auto',
  viewportProps: { tabIndex: 0 },
} as const satisfies ScrollAreaProps;

/**
 * A list in a bordered card: the column heads, the rows (children), and a word in place of
 * the rows when there are none (`empty`, given only then). Scrolls sideways under `minWidth`.
 */
export function ListTable({
  minWidth,
  columns,
  empty,
  children,
  ...table
}: TableProps & {
  minWidth: number;
  columns: TColumn[];
  empty?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder p={0}>
      {/* Focusable, so that a table wider than the screen scrolls from the keyboard too; its
          scrollbar shows whenever it is wider (a phone has no hover to reveal it), so the cut
          column reads as more to the side. */}
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={SCROLLS_FROM_KEYBOARD}>
        <Table {...table}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) =>
                typeof column === 'string' ? (
                  <Table.Th key={index}>{column}</Table.Th>
                ) : (
                  <Table.Th key={index} ta="right">
                    {column.label}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {empty ? (
        <Text c="dimmed" p="md">
          {empty}
        </Text>
      ) : null}
    </Card>
  );
}
