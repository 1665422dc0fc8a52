import type { TCandleInterval, TMarket, TStockDetail } from '@sampada/shared';
import { Alert, Badge, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { ChangeText } from '../../../../components/market/change-text';
import { LivePrice } from '../../../../components/market/live-price';
import { newerQuote, useLiveQuotes } from '../../../../lib/market/live-quotes';
import { chartDataQueryOptions } from '../../api/get-chart-data';
import { stockDetailQueryOptions } from '../../../../lib/market/stock-detail';
import { useMarketTranslation } from '../../i18n';
import { PriceAlertButton } from '../alerts/price-alert-button';
import { CompanySection } from './company-section';
import { IntervalPicker } from './interval-picker';
import { KeyStats } from './key-stats';
import { TradeButtons } from './trade-buttons';
import { WatchlistToggle } from './watchlist-toggle';

/** lightweight-charts is fetched only when a chart is first drawn. */
const PriceChart = lazy(() => import('./price-chart'));

const CHART_HEIGHT = 300;

const IST_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

function Chart({
  symbol,
  market,
  livePrice,
  liveTime,
}: {
  symbol: string;
  market: TMarket;
  livePrice: number;
  liveTime: number;
}) {
  const { t } = useMarketTranslation();
  const [interval, setChartInterval] = useState<TCandleInterval>('1d');
  const { data, isError } = useQuery(chartDataQueryOptions(symbol, market, interval));
  const placeholder = <Skeleton height={CHART_HEIGHT} radius="md" />;
  return (
    <Stack gap="xs">
      <IntervalPicker value={interval} onChange={setChartInterval} />
      {isError ? (
        <Text size="sm" c="dimmed">
          {t('detail.chartEmpty')}
        </Text>
      ) : !data ? (
        placeholder
      ) : data.candles.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.chartEmpty')}
        </Text>
      ) : (
        <Suspense fallback={placeholder}>
          <PriceChart
            candles={data.candles}
            interval={data.interval}
            livePrice={livePrice}
            liveTime={liveTime}
            height={CHART_HEIGHT}
            label={t('detail.chartLabel', { symbol, interval: data.interval.toUpperCase() })}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** Name, market, sector and session; the live price and change; when it was updated. */
function StockHeading({ detail, updated }: { detail: TStockDetail; updated: Date }) {
  const { t } = useMarketTranslation();
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Title order={2} size="h4" data-testid="stock-name">
        {detail.name}
      </Title>
      <Group gap={6}>
        <Badge variant="light" color="gray" size="sm">
          {detail.market}
        </Badge>
        {detail.sector && (
          <Text size="xs" c="dimmed">
            {detail.sector}
          </Text>
        )}
        <Badge variant="dot" size="sm" color={detail.session === 'open' ? 'green' : 'gray'}>
          {t(`session.${detail.session}`)}
        </Badge>
      </Group>
      <Group gap="sm" align="baseline" mt={4} wrap="nowrap">
        <LivePrice price={detail.price} market={detail.market} fz={28} testId="stock-price" />
        <ChangeText
          change={detail.change}
          changePct={detail.change_pct}
          withAmount
          data-testid="stock-change"
        />
      </Group>
      {!Number.isNaN(updated.getTime()) && (
        <Text size="xs" c="dimmed">
          {t('detail.updated', { time: IST_TIME.format(updated) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The Stock Detail slide-up drawer's content (spec §2): live price and change, candlestick
 * chart, key statistics, company introduction, watchlist toggle, and Buy/Sell opening the
 * order ticket.
 */
export function StockDetailPanel({ symbol, market }: { symbol: string; market: TMarket }) {
  const { t } = useMarketTranslation();
  const query = useQuery(stockDetailQueryOptions(symbol, market));
  const live = useLiveQuotes([symbol]);
  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={56} />
        <Skeleton height={CHART_HEIGHT} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title={t('detail.loadFailed')}>
        {query.error.message}
      </Alert>
    );
  }
  const detail = newerQuote(query.data, live[symbol]);
  const isIndex = detail.market === 'INDEX';
  const updated = new Date(detail.updated_at);
  return (
    <Stack gap="md" data-testid="stock-detail" data-symbol={symbol}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <StockHeading detail={detail} updated={updated} />
        {!isIndex && (
          <Group gap="xs">
            <PriceAlertButton symbol={symbol} price={detail.price} />
            <WatchlistToggle symbol={symbol} />
          </Group>
        )}
      </Group>
      {!isIndex && <TradeButtons symbol={symbol} />}
      <Chart
        symbol={symbol}
        market={market}
        livePrice={detail.price}
        liveTime={Math.floor(updated.getTime() / 1000)}
      />
      <KeyStats detail={detail} />
      {!isIndex && (
        <>
          <Divider />
          <CompanySection symbol={symbol} />
        </>
      )}
    </Stack>
  );
}
