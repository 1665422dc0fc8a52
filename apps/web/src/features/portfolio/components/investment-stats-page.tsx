import { Paper, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { portfolioQueryOptions } from '../api/get-portfolio';
import { usePortfolioTranslation } from '../i18n';
import { StatsPage, StatsTable } from './stats-page';
import { InvestmentAllocation } from './investment-allocation';
import { Pnl, formatMonth, useMoney } from './money-parts';
import { MonthFlowsChart } from './month-flows-chart';

/**
 * Menu key 'portfolio/investment-stats': money put in and taken out per month (Asia/Kolkata),
 * with charges, realised P&L and trades, newest month first in the table; then what is held
 * today by sector and by market-cap band.
 */
export default function InvestmentStatsPage() {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const query = useQuery(portfolioQueryOptions());
  const months = query.data?.months ?? [];
  const newestFirst = [...months].reverse();
  const total = months.reduce(
    (sum, m) => ({
      bought: sum.bought + m.bought_paise,
      sold: sum.sold + m.sold_paise,
      charges: sum.charges + m.charges_paise,
      realised: sum.realised + m.realised_pnl_paise,
      trades: sum.trades + m.trades,
    }),
    { bought: 0, sold: 0, charges: 0, realised: 0, trades: 0 },
  );
  return (
    <StatsPage
      testId="investment-stats"
      title={t('investment.title')}
      query={query}
      isEmpty={months.length === 0}
      emptyText={t('investment.empty')}
    >
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h5" mb="sm">
          {t('investment.chart')}
        </Title>
        <MonthFlowsChart months={months} />
      </Paper>
      <StatsTable
        testId="investment-table"
        minWidth={640}
        columns={(['month', 'bought', 'sold', 'charges', 'realised', 'trades'] as const).map(
          (column) => t(`investment.${column}`),
        )}
        footer={
          <Table.Tr data-testid="month-row-total">
            <Table.Th>{t('investment.total')}</Table.Th>
            <Table.Th ta="right">{money(total.bought)}</Table.Th>
            <Table.Th ta="right">{money(total.sold)}</Table.Th>
            <Table.Th ta="right">{money(total.charges)}</Table.Th>
            <Table.Th ta="right">
              <Pnl paise={total.realised} size="sm" />
            </Table.Th>
            <Table.Th ta="right">{total.trades}</Table.Th>
          </Table.Tr>
        }
      >
        {newestFirst.map((m) => (
          <Table.Tr key={m.month} data-testid={`month-row-${m.month}`}>
            <Table.Td>{formatMonth(m.month)}</Table.Td>
            <Table.Td ta="right">{money(m.bought_paise)}</Table.Td>
            <Table.Td ta="right">{money(m.sold_paise)}</Table.Td>
            <Table.Td ta="right">{money(m.charges_paise)}</Table.Td>
            <Table.Td ta="right">
              <Pnl paise={m.realised_pnl_paise} size="sm" />
            </Table.Td>
            <Table.Td ta="right">{m.trades}</Table.Td>
          </Table.Tr>
        ))}
      </StatsTable>
      <InvestmentAllocation />
    </StatsPage>
  );
}
