import type { TPortfolio } from '@sampada/shared';
import { Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { portfolioQueryOptions } from '../api/get-portfolio';
import { usePortfolioTranslation } from '../i18n';
import { StatsPage, StatsTable } from './stats-page';
import { Pnl, formatMonth, useMoney } from './money-parts';

type TMonth = TPortfolio['months'][number];

const BAR_HEIGHT = 120;
const BAR_WIDTH = 12;
const GROUP_WIDTH = 40;
const BOUGHT = 'var(--mantine-color-green-7)';
const SOLD = 'var(--mantine-color-red-7)';

/** Bought and sold per month as paired bars, drawn in SVG; the table below has the figures. */
function MonthBars({ months }: { months: TMonth[] }) {
  const { t } = usePortfolioTranslation();
  const max = Math.max(1, ...months.flatMap((m) => [m.bought_paise, m.sold_paise]));
  const height = (paise: number) => Math.max(paise > 0 ? 2 : 0, (paise / max) * BAR_HEIGHT);
  const width = months.length * GROUP_WIDTH;
  const label = t('investment.chartLabel', {
    parts: months.map((m) => formatMonth(m.month)).join(', '),
  });
  return (
    <Stack gap="xs">
      <Box style={{ overflowX: 'auto' }}>
        <svg
          width={width}
          height={BAR_HEIGHT + 20}
          viewBox={`0 0 ${width} ${BAR_HEIGHT + 20}`}
          role="img"
          aria-label={label}
          data-testid="investment-chart"
        >
          {months.map((m, index) => {
            const x = index * GROUP_WIDTH + 6;
            const bought = height(m.bought_paise);
            const sold = height(m.sold_paise);
            return (
              <g key={m.month}>
                <rect
                  x={x}
                  y={BAR_HEIGHT - bought}
                  width={BAR_WIDTH}
                  height={bought}
                  fill={BOUGHT}
                  rx={2}
                />
                <rect
                  x={x + BAR_WIDTH + 2}
                  y={BAR_HEIGHT - sold}
                  width={BAR_WIDTH}
                  height={sold}
                  fill={SOLD}
                  rx={2}
                />
                <text
                  x={x + BAR_WIDTH}
                  y={BAR_HEIGHT + 14}
                  fontSize={9}
                  textAnchor="middle"
                  fill="currentColor"
                >
                  {m.month.slice(2)}
                </text>
              </g>
            );
          })}
        </svg>
      </Box>
      <Group gap="md">
        {[
          [BOUGHT, t('investment.bought')],
          [SOLD, t('investment.sold')],
        ].map(([color, name]) => (
          <Group key={name} gap={6}>
            <Box w={10} h={10} style={{ background: color, borderRadius: 2 }} />
            <Text size="xs">{name}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * Menu key 'portfolio/investment-stats': money put in and taken out per month (Asia/Kolkata),
 * with charges, realised P&L and trades, newest month first in the table.
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
        <MonthBars months={months} />
      </Paper>
      <StatsTable
        testId="investment-table"
        minWidth={640}
        columns={['month', 'bought', 'sold', 'charges', 'realised', 'trades'].map((column) =>
          t(`investment.${column}`),
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
    </StatsPage>
  );
}
