import { CANDLE_INTERVALS, type TCandleInterval } from '@sampada/shared';
import { SegmentedControl } from '@mantine/core';
import { useMarketTranslation } from '../../i18n';

/** Buttons read 1D and 1W as traders write them; the API takes 1d and 1w. */
const LABELS: Record<TCandleInterval, string> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '1h': '1h',
  '1d': '1D',
  '1w': '1W',
};

export function IntervalPicker({
  value,
  onChange,
}: {
  value: TCandleInterval;
  onChange: (interval: TCandleInterval) => void;
}) {
  const { t } = useMarketTranslation();
  return (
    <SegmentedControl
      size="xs"
      fullWidth
      aria-label={t('detail.interval')}
      value={value}
      onChange={(next) => onChange(next as TCandleInterval)}
      data={CANDLE_INTERVALS.map((interval) => ({ value: interval, label: LABELS[interval] }))}
      data-testid="chart-intervals"
    />
  );
}
