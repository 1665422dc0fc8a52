import type { TStockDetail } from '@sampada/shared';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  NO_VALUE,
  formatPrice,
  formatQuotePrice,
  useCompactFormat,
} from '../../../../lib/market/format';
import { useMarketTranslation } from '../../i18n';

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0} component="div">
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text
        size="sm"
        fw={600}
        component="dd"
        m={0}
        data-testid={testId}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Stack>
  );
}

/** Open, high, low, previous close, volume, value, 52-week range, cap, band, tick, ISIN. */
export function KeyStats({ detail }: { detail: TStockDetail }) {
  const { t } = useMarketTranslation();
  const compact = useCompactFormat();
  const price = (value: number | null | undefined) => formatQuotePrice(value, detail.market);
  const isIndex = detail.market === 'INDEX';
  const band =
    detail.lower_band === null || detail.upper_band === null
      ? NO_VALUE
      : t(detail.band_pct === null ? 'detail.operatingRange' : 'detail.bandRange', {
          lower: formatPrice(detail.lower_band),
          upper: formatPrice(detail.upper_band),
          pct: detail.band_pct,
        });
  return (
    <Stack gap="xs" component="section" data-testid="key-stats">
      <Title order={3} size="h5">
        {t('detail.keyStats')}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" m={0}>
        <Stat label={t('detail.open')} value={price(detail.open)} testId="stat-open" />
        <Stat label={t('detail.high')} value={price(detail.high)} testId="stat-high" />
        <Stat label={t('detail.low')} value={price(detail.low)} testId="stat-low" />
        <Stat label={t('detail.prevClose')} value={price(detail.prev_close)} />
        {!isIndex && (
          <>
            <Stat
              label={t('detail.volume')}
              value={compact.number(detail.volume)}
              testId="stat-volume"
            />
            <Stat label={t('detail.value')} value={compact.rupees(detail.value)} />
          </>
        )}
        <Stat label={t('detail.week52High')} value={price(detail.week52_high)} />
        <Stat label={t('detail.week52Low')} value={price(detail.week52_low)} />
        {!isIndex && (
          <>
            <Stat label={t('detail.marketCap')} value={compact.rupees(detail.market_cap)} />
            <Stat label={t('detail.bands')} value={band} />
            <Stat label={t('detail.tickSize')} value={formatPrice(detail.tick_size)} />
            <Stat label={t('detail.isin')} value={detail.isin || NO_VALUE} />
          </>
        )}
      </SimpleGrid>
    </Stack>
  );
}
