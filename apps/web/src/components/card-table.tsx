import { Table, type TableProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { useIsPhone } from '../lib/use-is-phone';
import classes from './card-table.module.css';

/**
 * A data table that is a table from 768 px (scrolling sideways inside its box when narrower
 * than `minWidth`) and a list of cards on a phone, where no table of five columns fits 343 px.
 * Each body and footer cell is labelled with its column's header text, so the card can say
 * what each figure is; the header stays the one place the labels are written.
 */
export function CardTable({
  minWidth,
  className,
  children,
  ...props
}: TableProps & { minWidth: number }) {
  const isPhone = useIsPhone();
  const ref = useRef<HTMLTableElement>(null);
  // After every render on a phone (rows come and go with pages, filters and live data); a
  // desktop table shows its header and needs no labels.
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table || !isPhone) return;
    const headers = Array.from(table.querySelectorAll('thead th'), (th) =>
      (th.textContent ?? '').trim(),
    );
    for (const row of table.querySelectorAll('tbody tr, tfoot tr')) {
      Array.from(row.children).forEach((cell, index) =>
        cell.setAttribute('data-label', headers[index] ?? ''),
      );
    }
  });
  const table = (
    <Table ref={ref} {...props} className={[classes.cards, className].filter(Boolean).join(' ')}>
      {children}
    </Table>
  );
  return isPhone ? (
    table
  ) : (
    <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
  );
}
