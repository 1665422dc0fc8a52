import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/market/query-state';
import { ShowAssetsToggle } from '../../../components/show-assets-toggle';
import { openStockDetail } from '../../../lib/drawers';
import { portfolioQueryOptions } from '../api/get-portfolio';
import { usePortfolioTranslation } from '../i18n';
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
  const shares = (count: number) => t('stocks.shares', { count: count.toLocaleString('en-IN') });
  return (
    <Stack gap="md" data-testid="stock-stats">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('stocks.title')}
        </Title>
        <ShowAssetsToggle />
      </Group>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={stocks.length === 0}
        emptyText={t('stocks.empty')}
        rows={4}
      >
        <Table.ScrollContainer minWidth={860}>
          <Table highlightOnHover data-testid="stock-stats-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stocks.stock')}</Table.Th>
                <Table.Th ta="right">{t('stocks.held')}</Table.Th>
                <Table.Th ta="right">{t('stocks.bought')}</Table.Th>
                <Table.Th ta="right">{t('stocks.sold')}</Table.Th>
                <Table.Th ta="right">{t('stocks.charges')}</Table.Th>
                <Table.Th ta="right">{t('stocks.realised')}</Table.Th>
                <Table.Th ta="right">{t('stocks.unrealised')}</Table.Th>
                <Table.Th ta="right">{t('stocks.trades')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
                  <Table.Td ta="right">{stock.quantity.toLocaleString('en-IN')}</Table.Td>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
    </Stack>
  );
}
