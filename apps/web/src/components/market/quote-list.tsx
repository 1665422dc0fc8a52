import type { TQuote } from '@sampada/shared';
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { openStockDetail } from '../../lib/drawers';
import { ChangeText } from './change-text';
import { LivePrice } from './live-price';

export interface QuoteListProps {
  quotes: TQuote[];
  /** A second line under the symbol instead of the name (volume, 52-week level …). */
  secondary?: (quote: TQuote) => ReactNode;
  testId?: string;
}

/** One row's height (8 px padding, two lines, the divider), for skeletons of the same size. */
const ROW_HEIGHT = 56.5;
/** How tall `rows` quotes stand: what a loading list reserves (QueryState `height`). */
export const quoteListHeight = (rows: number) => rows * ROW_HEIGHT;

/**
 * Rows of symbol, name, live price and change; a row is a button that opens the stock
 * detail, and reads as a whole (symbol, name, price, change) to a screen reader.
 */
export function QuoteList({ quotes, secondary, testId }: QuoteListProps) {
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {quotes.map((quote) => (
        <li key={quote.symbol}>
          <UnstyledButton
            onClick={() => openStockDetail(quote.symbol, quote.market)}
            data-testid={`quote-row-${quote.symbol}`}
            w="100%"
            py={8}
            px={4}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {quote.symbol}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {secondary ? secondary(quote) : quote.name}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <LivePrice price={quote.price} market={quote.market} size="sm" />
                <ChangeText changePct={quote.change_pct} size="xs" />
              </Stack>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Box>
  );
}
