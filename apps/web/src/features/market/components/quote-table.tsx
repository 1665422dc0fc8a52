import type { TQuote } from '@sampada/shared';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { memo, type ReactNode, useMemo } from 'react';
import { ChangeText } from '../../../components/market/change-text';
import { LivePrice } from '../../../components/market/live-price';
import { openStockDetail } from '../../../lib/drawers';
import { sameQuote } from '../../../lib/market/live-quotes';
import { useMarketTranslation } from '../i18n';
import { CardTable } from '../../../components/card-table';
import { useIsPhone } from '../../../lib/use-is-phone';
import classes from './quote-table.module.css';

export interface TQuoteColumn {
  key: string;
  header: string;
  cell: (quote: TQuote) => ReactNode;
  /** Columns a phone can do without. */
  wideOnly?: boolean;
}

/** A row's props: it renders again only when its quote, rank or columns changed (a tick). */
type TRowProps = { quote: TQuote; index: number; columns: TQuoteColumn[] };
const sameRow = (before: TRowProps, after: TRowProps) =>
  before.index === after.index &&
  before.columns === after.columns &&
  sameQuote(before.quote, after.quote);

/** A phone's row: rank and symbol, the kept columns before the name, price, change. */
const DenseRow = memo(function DenseRow({ quote, index, columns }: TRowProps) {
  return (
    <Table.Tr data-testid={`row-${quote.symbol}`}>
      <Table.Td>
        <StockButton quote={quote}>
          <Text size="sm" fw={600} truncate>
            <Text span c="dimmed" size="sm">
              {index + 1}.{' '}
            </Text>
            {quote.symbol}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {columns.map((column) => (
              <Text span key={column.key} inherit style={{ fontVariantNumeric: 'tabular-nums' }}>
                {column.header} {column.cell(quote)} ·{' '}
              </Text>
            ))}
            {quote.name}
          </Text>
        </StockButton>
      </Table.Td>
      <Table.Td>
        <LivePrice price={quote.price} market={quote.market} size="sm" />
      </Table.Td>
      <Table.Td>
        <ChangeText changePct={quote.change_pct} size="xs" />
      </Table.Td>
    </Table.Tr>
  );
}, sameRow);

/** A wide screen's row: rank, stock, price, change and the view's own columns. */
const WideRow = memo(function WideRow({ quote, index, columns }: TRowProps) {
  return (
    <Table.Tr data-testid={`row-${quote.symbol}`}>
      <Table.Td c="dimmed">{index + 1}</Table.Td>
      <Table.Td>
        <StockButton quote={quote} maw={280}>
          <Text size="sm" fw={600}>
            {quote.symbol}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {quote.name}
          </Text>
        </StockButton>
      </Table.Td>
      <Table.Td ta="right">
        <LivePrice price={quote.price} market={quote.market} size="sm" />
      </Table.Td>
      <Table.Td ta="right">
        <ChangeText changePct={quote.change_pct} size="sm" />
      </Table.Td>
      {columns.map((column) => (
        <Table.Td
          key={column.key}
          ta="right"
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {column.cell(quote)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}, sameRow);

/** The phone's dense list: the figure the list is ranked by on the name's line. */
function DenseQuoteTable({
  quotes,
  columns,
  testId,
}: {
  quotes: TQuote[];
  columns: TQuoteColumn[];
  testId: string | undefined;
}) {
  const kept = useMemo(() => columns.filter((column) => !column.wideOnly), [columns]);
  return (
    <Table className={classes.dense} highlightOnHover data-testid={testId}>
      <QuoteHeader columns={[]} ranked={false} />
      <Table.Tbody>
        {quotes.map((quote, index) => (
          <DenseRow key={quote.symbol} quote={quote} index={index} columns={kept} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A ranked table of live quotes for the full views; the stock cell opens its detail. On a
 * phone it is a dense list (quote-table.module.css): a column the phone keeps (the figure the
 * list is ranked by) goes on the name's line, before the name, so truncation takes the name.
 * Callers keep `columns` the same between renders, so a tick re-renders only the rows it moved.
 */
export function QuoteTable({
  quotes,
  columns,
  testId,
}: {
  quotes: TQuote[];
  columns: TQuoteColumn[];
  testId?: string;
}) {
  const isPhone = useIsPhone();
  if (isPhone) return <DenseQuoteTable quotes={quotes} columns={columns} testId={testId} />;
  return (
    <CardTable minWidth={320} highlightOnHover verticalSpacing="xs" data-testid={testId}>
      <QuoteHeader columns={columns} ranked />
      <Table.Tbody>
        {quotes.map((quote, index) => (
          <WideRow key={quote.symbol} quote={quote} index={index} columns={columns} />
        ))}
      </Table.Tbody>
    </CardTable>
  );
}

/** The column names: what a screen reader announces for each cell (hidden on a phone). */
function QuoteHeader({ columns, ranked }: { columns: TQuoteColumn[]; ranked: boolean }) {
  const { t } = useMarketTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        {ranked && <Table.Th w={36}>{t('table.rank')}</Table.Th>}
        <Table.Th>{t('table.stock')}</Table.Th>
        <Table.Th ta="right">{t('table.price')}</Table.Th>
        <Table.Th ta="right">{t('table.change')}</Table.Th>
        {columns.map((column) => (
          <Table.Th key={column.key} ta="right">
            {column.header}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The stock's name block: a button that opens its detail. */
function StockButton({
  quote,
  maw,
  children,
}: {
  quote: TQuote;
  maw?: number;
  children: ReactNode;
}) {
  return (
    <UnstyledButton
      onClick={() => openStockDetail(quote.symbol, quote.market)}
      maw={maw}
      w={maw ? undefined : '100%'}
      display="block"
    >
      {children}
    </UnstyledButton>
  );
}
