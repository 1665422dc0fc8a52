import { M, percentage } from '@sampada/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconTransferIn } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CardTable } from '../../../components/card-table';
import classes from './holdings-table.module.css';
import { QueryState } from '../../../components/market/query-state';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useLiveQuotes } from '../../../lib/market/live-quotes';
import { toastError } from '../../../lib/notify';
import { holdingsQueryOptions } from '../../../lib/trading';
import { returnsQueryOptions } from '../api/returns';
import { downloadHoldings } from '../api/tax-pnl';
import { usePortfolioTranslation } from '../i18n';
import { useTransferInTranslation } from '../transfer-in-i18n';
import { HoldingRow } from './holding-row';
import { withLivePrice } from './live-holding';
import { Pnl, useMoney } from './money-parts';

/** The holdings moved to the live price, each one's XIRR, and the totals of them all. */
function useLiveHoldings() {
  const query = useQuery(holdingsQueryOptions());
  // Since the first trade, the returns screen's "All" (one cache entry for both screens).
  const returns = useQuery(returnsQueryOptions(null));
  const xirrOf = useMemo(
    () => new Map((returns.data?.holdings ?? []).map((h) => [h.symbol, h.xirr])),
    [returns.data],
  );
  const live = useLiveQuotes(
    (query.data ?? []).filter((holding) => holding.listed).map((holding) => holding.symbol),
  );
  const holdings = useMemo(
    () => (query.data ?? []).map((holding) => withLivePrice(holding, live[holding.symbol]?.price)),
    [query.data, live],
  );
  const totals = holdings.reduce(
    (sum, h) => ({
      value: sum.value + h.current_value_paise,
      invested: sum.invested + h.invested_paise,
      pnl: sum.pnl + h.unrealised_pnl_paise,
      day: sum.day + h.day_pnl_paise,
    }),
    { value: 0, invested: 0, pnl: 0, day: 0 },
  );
  return { query, xirrOf, holdings, totals };
}

function HoldingsToolbar({ exportable }: { exportable: boolean }) {
  const { t } = usePortfolioTranslation();
  const { t: transferT } = useTransferInTranslation();
  const exportCsv = async () => {
    try {
      await downloadHoldings();
    } catch (error) {
      toastError(isApiError(error) ? error : M.requestFailed);
    }
  };
  return (
    <Group justify="flex-end">
      <Button
        component={Link}
        to={paths.portfolio.transferIn}
        variant="default"
        size="compact-sm"
        leftSection={<IconTransferIn size={14} />}
        data-testid="holdings-transfer-in"
      >
        {transferT('open')}
      </Button>
      {exportable && (
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconDownload size={14} />}
          onClick={() => void exportCsv()}
          data-testid="holdings-export"
        >
          {t('exportCsv')}
        </Button>
      )}
    </Group>
  );
}

function HoldingTotals({ totals }: { totals: ReturnType<typeof useLiveHoldings>['totals'] }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('holding.totalValue')}
          </Text>
          <Text fw={700} fz="lg" data-testid="holding-total-value">
            {money(totals.value)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('holding.totalPnl')}
          </Text>
          <Pnl
            paise={totals.pnl}
            pct={totals.invested > 0 ? percentage(totals.pnl, totals.invested) : 0}
            testId="holding-total-pnl"
          />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('holding.totalDay')}
          </Text>
          <Pnl paise={totals.day} testId="holding-total-day" />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

/**
 * /portfolio/holding: each holding with quantity, average cost, live price, value and P&L;
 * an allotted IPO that has not listed says when it lists. Sell opens the order ticket.
 */
export function HoldingPage() {
  const { t } = usePortfolioTranslation();
  const { query, xirrOf, holdings, totals } = useLiveHoldings();
  return (
    <Stack gap="md" data-testid="portfolio-holding">
      <HoldingsToolbar exportable={holdings.length > 0} />
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={holdings.length === 0}
        emptyText={t('holding.empty')}
        rows={4}
      >
        <HoldingTotals totals={totals} />
        <CardTable
          minWidth={820}
          highlightOnHover
          verticalSpacing="xs"
          className={classes.holdings}
          data-testid="holdings-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('holding.stock')}</Table.Th>
              <Table.Th ta="right">{t('holding.quantity')}</Table.Th>
              <Table.Th ta="right">{t('holding.averageCost')}</Table.Th>
              <Table.Th ta="right">{t('holding.price')}</Table.Th>
              <Table.Th ta="right">{t('holding.value')}</Table.Th>
              <Table.Th ta="right">{t('holding.pnl')}</Table.Th>
              <Table.Th ta="right">{t('holding.day')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holdings.map((holding) => (
              <HoldingRow
                key={holding.symbol}
                holding={holding}
                xirr={xirrOf.get(holding.symbol)}
              />
            ))}
          </Table.Tbody>
        </CardTable>
      </QueryState>
    </Stack>
  );
}
