import type { TReturns } from '@sampada/shared';
import { Box, Group, Stack, Text } from '@mantine/core';
import { formatDay } from '../../../lib/datetime';
import { useReturnsTranslation } from '../returns-i18n';
import { useMoney } from './money-parts';

type TPoint = TReturns['series'][number];

const WIDTH = 1000;
const HEIGHT = 220;
const PAD = 8;
const LINES = [
  { key: 'value_paise', legend: 'portfolio', color: 'var(--mantine-color-blue-6)', dash: '' },
  { key: 'benchmark_paise', legend: 'benchmark', color: 'var(--mantine-color-orange-6)', dash: '' },
  { key: 'invested_paise', legend: 'invested', color: 'var(--mantine-color-gray-6)', dash: '6 4' },
] as const;

/** One line's points in the chart's box: days evenly across, values between the extremes. */
function pointsOf(series: TPoint[], key: (typeof LINES)[number]['key'], min: number, max: number) {
  const span = max - min || 1;
  const step = series.length > 1 ? (WIDTH - 2 * PAD) / (series.length - 1) : 0;
  return series
    .map((p, i) => {
      const x = PAD + i * step;
      const y = PAD + (1 - (p[key] - min) / span) * (HEIGHT - 2 * PAD);
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
    })
    .join(' ');
}

/** Each line's name and its last value, drawn as the line is. */
function ReturnsLegend({ last }: { last: TPoint }) {
  const { t } = useReturnsTranslation();
  const { money } = useMoney();
  return (
    <Group gap="md" wrap="wrap">
      {LINES.map((line) => (
        <Group key={line.key} gap={6} wrap="nowrap" data-testid={`returns-legend-${line.legend}`}>
          <Box
            w={14}
            h={0}
            style={{ borderTop: `3px ${line.dash ? 'dashed' : 'solid'} ${line.color}` }}
          />
          <Text size="xs">
            {t(`legend.${line.legend}`)}{' '}
            <Text span size="xs" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {money(last[line.key])}
            </Text>
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The performance chart: the portfolio's value day by day, the same money in NIFTY 50, and the
 * money put in, drawn in SVG (no chart library on this screen). It stretches to the card's
 * width; the strokes keep their width. Its label and the legend carry the figures as text.
 */
export function ReturnsChart({ series }: { series: TPoint[] }) {
  const { t } = useReturnsTranslation();
  const { money } = useMoney();
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last)
    return (
      <Text size="sm" c="dimmed">
        {t('noSeries')}
      </Text>
    );
  const values = series.flatMap((p) => [p.value_paise, p.benchmark_paise, p.invested_paise]);
  const [min, max] = [Math.min(0, ...values), Math.max(...values)];
  const label = t('chartLabel', {
    from: formatDay(first.day),
    to: formatDay(last.day),
    startValue: money(first.value_paise),
    endValue: money(last.value_paise),
    endBenchmark: money(last.benchmark_paise),
    endInvested: money(last.invested_paise),
  });
  return (
    <Stack gap="xs">
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        w="100%"
        h={HEIGHT}
        role="img"
        aria-label={label}
        data-testid="returns-chart"
        style={{ display: 'block' }}
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - PAD}
          y2={HEIGHT - PAD}
          stroke="var(--mantine-color-default-border)"
          vectorEffect="non-scaling-stroke"
        />
        {LINES.map((line) => (
          <polyline
            key={line.key}
            points={pointsOf(series, line.key, min, max)}
            fill="none"
            stroke={line.color}
            strokeWidth={2}
            strokeDasharray={line.dash || undefined}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </Box>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {formatDay(first.day)} IST
        </Text>
        <Text size="xs" c="dimmed">
          {formatDay(last.day)} IST
        </Text>
      </Group>
      <ReturnsLegend last={last} />
    </Stack>
  );
}
