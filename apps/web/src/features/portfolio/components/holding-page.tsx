import {
  formatPaise,
  paiseToRupeeNumber,
  percentage,
  rupeesToPaise,
  type THolding,
  type TRate,
} from '@sampada/shared';
import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { M } from '@sampada/shared';
import { IconDownload, IconTransferIn } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LivePrice } from '../../../components/market/live-price';
import { QueryState } from '../../../components/market/query-state';
import { paths } from '../../../config/paths';
import { openOrderTicket, openStockDetail } from '../../../lib/drawers';
import { useLiveQuotes } from '../../../lib/market/live-quotes';
import { formatDay } from '../../../lib/money';
import { holdingsQueryOptions, sellableQuantity, sellBlockedBy } from '../../../lib/trading';
import { isApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/notify';
import { returnsQueryOptions } from '../api/returns';
import { downloadHoldings } from '../api/tax-pnl';
import { useReturnsTranslation } from '../returns-i18n';
import { usePortfolioTranslation } from '../i18n';
import { useTransferInTranslation } from '../transfer-in-i18n';
import { openGttForm } from './gtt-page';
import { Pnl, useMoney } from './money-parts';
import { RateText } from './returns-tables';
import { CardTable } from '../../../components/card-table';

/** A holding with its figures moved to the live price (the server's are as of the fetch). */
export interface TLiveHolding extends THolding {
  live_price_paise: number;
}

/**
 * Lays a live price over a holding: value, unrealised and day's P&L move by the quantity
 * times the price's move since the server computed them. An unlisted IPO keeps its issue price.
 */
export function withLivePrice(holding: THolding, livePrice: number | undefined): TLiveHolding {
  if (!holding.listed || livePrice === undefined)
    return { ...holding, live_price_paise: holding.price_paise };
  const price = Number(rupeesToPaise(livePrice));
  const move = holding.quantity * (price - holding.price_paise);
  const unrealised = holding.unrealised_pnl_paise + move;
  return {
    ...holding,
    live_price_paise: price,
    current_value_paise: holding.current_value_paise + move,
    unrealised_pnl_paise: unrealised,
    unrealised_pnl_pct:
      holding.invested_paise > 0 ? percentage(unrealised, holding.invested_paise) : 0,
    day_pnl_paise: holding.day_pnl_paise + move,
  };
}

/**
 * A holding's own XIRR since its first buy (the returns API's, at the server's last price):
 * what the money in this stock earned a year, buys, sells and dividends on their days.
 */
function HoldingXirr({ rate, symbol }: { rate: TRate; symbol: string }) {
  const { t } = useReturnsTranslation();
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {t('xirr')} <RateText rate={rate} size="xs" testId={`holding-xirr-${symbol}`} />
    </Text>
  );
}

function HoldingRow({ holding, xirr }: { holding: TLiveHolding; xirr: TRate | undefined }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const sellable = sellableQuantity(holding);
  const blocked = holding.listed ? sellBlockedBy(holding) : null;
  const gttQuantity = holding.quantity - holding.pledged;
  const symbol = holding.symbol;
  // Light red on a light page read at 1.2:1 with a fixed shade; the theme's own light colour
  // of red reads at AA in both schemes (issue 31).
  const sell = (
    <Button
      size="compact-sm"
      color="red"
      variant="light"
      disabled={!holding.listed || sellable === 0}
      onClick={() => openOrderTicket(symbol, 'sell')}
      aria-label={t('holding.sellLabel', { symbol })}
      aria-describedby={blocked ? `holding-blocked-${symbol}` : undefined}
      data-testid={`holding-sell-${symbol}`}
    >
      {t('holding.sell')}
    </Button>
  );
  const gtt = (
    <Button
      size="compact-sm"
      variant="default"
      disabled={!holding.listed || gttQuantity === 0}
      onClick={() =>
        openGttForm(t('gtt.createTitle'), {
          initial: { kind: 'oco', symbol, side: 'sell', quantity: gttQuantity },
        })
      }
      aria-describedby={blocked ? `holding-blocked-${symbol}` : undefined}
      data-testid={`holding-gtt-${symbol}`}
    >
      GTT
    </Button>
  );
  return (
    <Table.Tr data-testid={`holding-row-${symbol}`}>
      <Table.Td>
        {holding.listed ? (
          <Anchor component="button" type="button" fw={600} onClick={() => openStockDetail(symbol)}>
            {symbol}
          </Anchor>
        ) : (
          <Text fw={600}>{symbol}</Text>
        )}
        <Text size="xs" c="dimmed" lineClamp={1}>
          {holding.name}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" data-testid={`holding-quantity-${symbol}`}>
          {holding.quantity.toLocaleString('en-IN')}
        </Text>
        {holding.pledged > 0 && (
          <Text size="xs" c="dimmed" data-testid={`holding-pledged-${symbol}`}>
            {t('holding.pledged', { count: holding.pledged })}
          </Text>
        )}
        {holding.reserved > 0 && (
          <Text size="xs" c="dimmed" data-testid={`holding-reserved-${symbol}`}>
            {t('holding.reserved', { count: holding.reserved })}
          </Text>
        )}
        {holding.listed && sellable !== holding.quantity && (
          <Text size="xs" fw={500} data-testid={`holding-sellable-${symbol}`}>
            {t('holding.canSell', { count: sellable })}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{formatPaise(holding.average_cost_paise)}</Table.Td>
      <Table.Td ta="right">
        {holding.listed ? (
          <LivePrice
            price={paiseToRupeeNumber(holding.live_price_paise)}
            size="sm"
            testId={`holding-price-${symbol}`}
          />
        ) : (
          <Stack gap={0} align="flex-end">
            <Text size="sm">{formatPaise(holding.price_paise)}</Text>
            <Text size="xs" c="blue.8" data-testid={`holding-listing-${symbol}`}>
              {t('holding.listsOn', {
                date: holding.listing_date ? formatDay(holding.listing_date) : '—',
              })}
            </Text>
          </Stack>
        )}
      </Table.Td>
      <Table.Td ta="right" data-testid={`holding-value-${symbol}`}>
        {money(holding.current_value_paise)}
      </Table.Td>
      <Table.Td ta="right">
        <Pnl
          paise={holding.unrealised_pnl_paise}
          pct={holding.unrealised_pnl_pct}
          size="sm"
          testId={`holding-pnl-${symbol}`}
        />
        {xirr && <HoldingXirr rate={xirr} symbol={symbol} />}
      </Table.Td>
      <Table.Td ta="right">
        <Pnl paise={holding.day_pnl_paise} size="sm" testId={`holding-day-${symbol}`} />
      </Table.Td>
      <Table.Td ta="right">
        {holding.listed ? (
          <Stack gap={2} align="flex-end">
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {gtt}
              {sell}
            </Group>
            {blocked && (
              <Text
                size="xs"
                c="dimmed"
                maw={220}
                ta="right"
                id={`holding-blocked-${symbol}`}
                data-testid={`holding-blocked-${symbol}`}
              >
                {t(`holding.sellBlocked.${blocked}`)}
              </Text>
            )}
          </Stack>
        ) : (
          <Tooltip
            label={t('holding.listsOn', {
              date: holding.listing_date ? formatDay(holding.listing_date) : '—',
            })}
          >
            <span>{sell}</span>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /portfolio/holding: each holding with quantity, average cost, live price, value and P&L;
 * an allotted IPO that has not listed says when it lists. Sell opens the order ticket.
 */
export function HoldingPage() {
  const { t } = usePortfolioTranslation();
  const { t: transferT } = useTransferInTranslation();
  const { money } = useMoney();
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
  const exportCsv = async () => {
    try {
      await downloadHoldings();
    } catch (error) {
      toastError(isApiError(error) ? error.message : M.requestFailed);
    }
  };
  return (
    <Stack gap="md" data-testid="portfolio-holding">
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
        {holdings.length > 0 && (
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
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={holdings.length === 0}
        emptyText={t('holding.empty')}
        rows={4}
      >
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
        <CardTable
          minWidth={820}
          highlightOnHover
          verticalSpacing="xs"
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
