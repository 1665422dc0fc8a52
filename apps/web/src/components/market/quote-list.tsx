import type { TQuote } from '@sampada/shared';
import { Box, UnstyledButton } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { openStockDetail } from '../../lib/drawers';
import { sameQuote } from '../../lib/market/live-quotes';
import { QuoteSummary } from './quote-summary';

export interface QuoteListProps {
  quotes: TQuote[];
  /**
   * A second line under the symbol instead of the name (volume, 52-week level …): a function
   * of the quote alone, kept the same between renders (a row re-renders when it changes).
   */
  secondary?: (quote: TQuote) => ReactNode;
  testId?: string;
}

/** One row's height (8 px padding, two lines, the divider), for skeletons of the same size. */
const ROW_HEIGHT = 56.5;
/** How tall `rows` quotes stand: what a loading list reserves (QueryState `height`). */
export const quoteListHeight = (rows: number) => rows * ROW_HEIGHT;

/**
 * One row; rendered again only when its quote says something new or the second line's
 * function changed, so a tick re-renders the rows that moved, not the list (in market hours
 * a list's symbols tick every 250 ms, and a phone pays for each re-render).
 */
const QuoteRow = memo(
  function QuoteRow({
    quote,
    secondary,
  }: {
    quote: TQuote;
    secondary?: QuoteListProps['secondary'];
  }) {
    return (
      <UnstyledButton
        onClick={() => openStockDetail(quote.symbol, quote.market)}
        data-testid={`quote-row-${quote.symbol}`}
        w="100%"
        py={8}
        px={4}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <QuoteSummary quote={quote} secondary={secondary?.(quote)} />
      </UnstyledButton>
    );
  },
  (before, after) => before.secondary === after.secondary && sameQuote(before.quote, after.quote),
);

/**
 * Rows of symbol, name, live price and change; a row is a button that opens the stock
 * detail, and reads as a whole (symbol, name, price, change) to a screen reader.
 */
export function QuoteList({ quotes, secondary, testId }: QuoteListProps) {
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {quotes.map((quote) => (
        <li key={quote.symbol}>
          <QuoteRow quote={quote} secondary={secondary} />
        </li>
      ))}
    </Box>
  );
}
