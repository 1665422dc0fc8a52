import { paiseToRupeeNumber, type TPortfolio } from '@sampada/shared';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { MASKED, useCompactFormat } from '../../../lib/market/format';
import { usePortfolioTranslation } from '../i18n';
import { valueTicks } from './chart-ticks';
import { formatMonth, useMoney } from './money-parts';

type TMonth = TPortfolio['months'][number];

const HEIGHT = 240;
const TOP = 12;
const BOTTOM = 44;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;
/** Until the card is measured (and in a test DOM, where nothing is): a phone-sized width. */
const FALLBACK_WIDTH = 340;
const AXIS_TITLE = 18;
/** About 6.5 px a character at 11 px: the widest tick label decides the left margin. */
const CHAR_WIDTH = 6.5;
const MONTH_LABEL_WIDTH = 64;
const BOUGHT = 'var(--mantine-color-green-7)';
const SOLD = 'var(--mantine-color-red-7)';
const INK = 'var(--mantine-color-dimmed)';
const GRID = 'var(--mantine-color-default-border)';

/** The value axis's title, and a grid line with its label at each tick. */
function ValueAxis({
  ticks,
  left,
  right,
  y,
  tickText,
}: {
  ticks: number[];
  left: number;
  right: number;
  y: (rupees: number) => number;
  tickText: (rupees: number) => string;
}) {
  const { t } = usePortfolioTranslation();
  return (
    <>
      <text
        transform={`translate(12 ${TOP + PLOT_HEIGHT / 2}) rotate(-90)`}
        fontSize={11}
        textAnchor="middle"
        fill={INK}
      >
        {t('investment.valueAxis')}
      </text>
      {ticks.map((tick) => (
        <g key={tick} data-testid="investment-chart-tick">
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke={GRID} />
          <text
            x={left - 6}
            y={y(tick)}
            dy="0.35em"
            fontSize={11}
            textAnchor="end"
            fill={INK}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {tickText(tick)}
          </text>
        </g>
      ))}
    </>
  );
}

/** One month: the bought bar left of its centre, the sold bar right, and maybe its label. */
function MonthBars({
  month: m,
  centre,
  bar,
  bought,
  sold,
  labelled,
  labelMin,
  labelMax,
}: {
  month: TMonth;
  centre: number;
  bar: number;
  bought: number;
  sold: number;
  labelled: boolean;
  labelMin: number;
  labelMax: number;
}) {
  return (
    <g>
      <rect
        x={centre - bar - 1}
        y={TOP + PLOT_HEIGHT - bought}
        width={bar}
        height={bought}
        fill={BOUGHT}
        rx={2}
      />
      <rect
        x={centre + 1}
        y={TOP + PLOT_HEIGHT - sold}
        width={bar}
        height={sold}
        fill={SOLD}
        rx={2}
      />
      {labelled && (
        <text
          // Kept inside the drawing: the first and last months' labels are wider
          // than their slot on a phone.
          x={Math.min(Math.max(centre, labelMin), labelMax)}
          y={TOP + PLOT_HEIGHT + 16}
          fontSize={11}
          textAnchor="middle"
          fill={INK}
          data-testid="investment-chart-month"
        >
          {formatMonth(m.month)}
        </text>
      )}
    </g>
  );
}

function ChartLegend() {
  const { t } = usePortfolioTranslation();
  return (
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
  );
}

/**
 * Bought and sold per month as paired bars, drawn in SVG at the card's measured width (text
 * keeps its size at 375 px and at 1440 px): a value axis in rupees in the reader's number
 * style, the months along the bottom. Its accessible name says every month's figures; the
 * table below has them too.
 */
export function MonthFlowsChart({ months }: { months: TMonth[] }) {
  const { t } = usePortfolioTranslation();
  const { money, showAssets } = useMoney();
  const compact = useCompactFormat();
  const { ref, width: measured } = useElementSize();
  const width = measured || FALLBACK_WIDTH;

  const ticks = valueTicks(
    paiseToRupeeNumber(Math.max(0, ...months.flatMap((m) => [m.bought_paise, m.sold_paise]))),
  );
  const top = ticks[ticks.length - 1]!;
  // The baseline reads ₹0 in either number style (the compact form would say ₹0.000).
  const tickText = (rupees: number) =>
    !showAssets ? MASKED : rupees === 0 ? '₹0' : compact.rupeesTick(rupees);
  const left =
    AXIS_TITLE + Math.max(...ticks.map((tick) => tickText(tick).length)) * CHAR_WIDTH + 8;
  const plotWidth = Math.max(1, width - left - 8);
  const slot = plotWidth / Math.max(1, months.length);
  const bar = Math.min(28, Math.max(3, slot * 0.32));
  // Every month gets a bar; the labels thin out to every 2nd, 3rd… month, counted back from
  // the latest, when they would overlap.
  const labelEvery = Math.ceil(MONTH_LABEL_WIDTH / slot);
  const y = (rupees: number) => TOP + PLOT_HEIGHT * (1 - rupees / top);
  const barHeight = (paise: number) =>
    paise > 0 ? Math.max(2, (paiseToRupeeNumber(paise) / top) * PLOT_HEIGHT) : 0;

  const label = t('investment.chartLabel', {
    parts: months
      .map((m) =>
        t('investment.chartPart', {
          month: formatMonth(m.month),
          bought: money(m.bought_paise),
          sold: money(m.sold_paise),
        }),
      )
      .join('; '),
  });
  return (
    <Stack gap="xs">
      <Box ref={ref} w="100%">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-label={label}
          data-testid="investment-chart"
          style={{ display: 'block' }}
        >
          <ValueAxis ticks={ticks} left={left} right={width - 8} y={y} tickText={tickText} />
          {months.map((m, index) => (
            <MonthBars
              key={m.month}
              month={m}
              centre={left + slot * (index + 0.5)}
              bar={bar}
              bought={barHeight(m.bought_paise)}
              sold={barHeight(m.sold_paise)}
              labelled={(months.length - 1 - index) % labelEvery === 0}
              labelMin={left + MONTH_LABEL_WIDTH / 2}
              labelMax={width - MONTH_LABEL_WIDTH / 2}
            />
          ))}
          <text
            x={left + plotWidth / 2}
            y={HEIGHT - 6}
            fontSize={11}
            textAnchor="middle"
            fill={INK}
          >
            {t('investment.monthAxis')}
          </text>
        </svg>
      </Box>
      <ChartLegend />
    </Stack>
  );
}
