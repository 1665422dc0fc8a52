import type { TQuote } from '@sampada/shared';
import { Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChangeText } from '../../../components/market/change-text';
import { LivePrice } from '../../../components/market/live-price';
import { openStockDetail } from '../../../lib/drawers';
import { useMarketTranslation } from '../i18n';
import { CardTable } from '../../../components/card-table';
import { useIsPhone } from '../../../lib/use-is-phone';

export interface TQuoteColumn {
  key: string;
  header: string;
  cell: (quote: TQuote) => ReactNode;
  /** Columns a phone can do without. */
  wideOnly?: boolean;
}

/** A ranked table of live quotes for the full views; the stock cell opens its detail. */
export function QuoteTable({
  quotes,
  columns,
  testId,
}: {
  quotes: TQuote[];
  columns: TQuoteColumn[];
  testId?: string;
}) {
  const { t } = useMarketTranslation();
  // A phone shows each quote as a card, without the columns it can do without.
  const isPhone = useIsPhone();
  const shown = isPhone ? columns.filter((column) => !column.wideOnly) : columns;
  return (
    <CardTable minWidth={320} highlightOnHover verticalSpacing="xs" data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {!isPhone && <Table.Th w={36}>{t('table.rank')}</Table.Th>}
          <Table.Th>{t('table.stock')}</Table.Th>
          <Table.Th ta="right">{t('table.price')}</Table.Th>
          <Table.Th ta="right">{t('table.change')}</Table.Th>
          {shown.map((column) => (
            <Table.Th key={column.key} ta="right">
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {quotes.map((quote, index) => (
          <Table.Tr key={quote.symbol} data-testid={`row-${quote.symbol}`}>
            {!isPhone && <Table.Td c="dimmed">{index + 1}</Table.Td>}
            <Table.Td>
              <UnstyledButton
                onClick={() => openStockDetail(quote.symbol, quote.market)}
                maw={{ base: 140, sm: 280 }}
                display="block"
              >
                <Text size="sm" fw={600}>
                  {isPhone && (
                    <Text span c="dimmed" size="sm">
                      {index + 1}.{' '}
                    </Text>
                  )}
                  {quote.symbol}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {quote.name}
                </Text>
              </UnstyledButton>
            </Table.Td>
            <Table.Td ta="right">
              <LivePrice price={quote.price} market={quote.market} size="sm" />
            </Table.Td>
            <Table.Td ta="right">
              <ChangeText changePct={quote.change_pct} size="sm" />
            </Table.Td>
            {shown.map((column) => (
              <Table.Td
                key={column.key}
                ta="right"
                style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {column.cell(quote)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CardTable>
  );
}
