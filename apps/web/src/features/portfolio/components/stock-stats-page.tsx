import { formatCount } from '@sampada/shared';
import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { openStockDetail } from '../../../lib/drawers';
import { portfolioQueryOptions } from '../api/get-portfolio';
import { usePortfolioTranslation } from '../i18n';
import { StatsPage, StatsTable } from './stats-page';
import { Pnl, useMoney } from './money-parts';

/**
 * Menu key 'portfolio/stock-stats': every stock ever traded, held or not, with what was
 * bought and sold, charges, realised and unrealised P&L and the number of trades.
 */
export default function StockStatsPage() {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const query = useQuery(portfolioQueryOptions());
  const stocks = query.data?.stocks ?? [];
  const shares = (count: number) => t('stocks.shares', { quantity: formatCount(count) });
  return (
    <StatsPage
      testId="stock-stats"
      title={t('stocks.title')}
      query={query}
      isEmpty={stocks.length === 0}
      emptyText={t('stocks.empty')}
    >
      <StatsTable
        testId="stock-stats-table"
        minWidth={860}
        columns={(
          [
            'stock',
            'held',
            'bought',
            'sold',
            'charges',
            'realised',
            'unrealised',
            'trades',
          ] as const
        ).map((column) => t(`stocks.${column}`))}
      >
        {stocks.map((stock) => (
          <Table.Tr key={stock.symbol} data-testid={`stock-row-${stock.symbol}`}>
            <Table.Td>
              <Anchor
                component="button"
                type="button"
                fw={600}
                onClick={() => openStockDetail(stock.symbol)}
              >
                {stock.symbol}
              </Anchor>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {stock.name}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{formatCount(stock.quantity)}</Table.Td>
            <Table.Td ta="right">
              {money(stock.bought_paise)}
              <Text size="xs" c="dimmed">
                {shares(stock.bought_quantity)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              {money(stock.sold_paise)}
              <Text size="xs" c="dimmed">
                {shares(stock.sold_quantity)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{money(stock.charges_paise)}</Table.Td>
            <Table.Td ta="right">
              <Pnl paise={stock.realised_pnl_paise} size="sm" />
            </Table.Td>
            <Table.Td ta="right">
              <Pnl paise={stock.unrealised_pnl_paise} size="sm" />
            </Table.Td>
            <Table.Td ta="right">{stock.trades}</Table.Td>
          </Table.Tr>
        ))}
      </StatsTable>
    </StatsPage>
  );
}
