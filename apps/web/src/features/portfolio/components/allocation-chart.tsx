import { formatTwoDecimals, type TPortfolio } from '@sampada/shared';
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { usePortfolioTranslation } from '../i18n';
import { useMoney } from './money-parts';

const PALETTE = [
  'blue',
  'teal',
  'violet',
  'orange',
  'pink',
  'cyan',
  'lime',
  'grape',
  'yellow',
  'indigo',
  'red',
  'green',
];
const colorOf = (index: number) => `var(--mantine-color-${PALETTE[index % PALETTE.length]}-6)`;

const SIZE = 160;
const STROKE = 28;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * Allocation by sector as a donut drawn in SVG (no chart library on this screen), with a
 * legend that carries the same figures as text.
 */
export function AllocationChart({ allocation }: { allocation: TPortfolio['allocation'] }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const total = allocation.reduce((sum, part) => sum + Math.max(0, part.weight_pct), 0) || 1;
  let start = 0;
  const arcs = allocation.map((part, index) => {
    const length = (Math.max(0, part.weight_pct) / total) * CIRCUMFERENCE;
    const arc = { sector: part.sector, length, offset: -start, color: colorOf(index) };
    start += length;
    return arc;
  });
  const label = t('summary.allocationLabel', {
    parts: allocation
      .map((part) => `${part.sector} ${formatTwoDecimals(part.weight_pct)}%`)
      .join(', '),
  });
  return (
    <Group align="center" gap="lg" wrap="wrap" data-testid="allocation-chart">
      <Box
        component="svg"
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        w={SIZE}
        h={SIZE}
        role="img"
        aria-label={label}
      >
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          stroke="var(--mantine-color-gray-2)"
          strokeWidth={STROKE}
        />
        {arcs.map((arc) => (
          <circle
            key={arc.sector}
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={RADIUS}
            fill="none"
            stroke={arc.color}
            strokeWidth={STROKE}
            strokeDasharray={`${arc.length} ${CIRCUMFERENCE - arc.length}`}
            strokeDashoffset={arc.offset}
            transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
          />
        ))}
      </Box>
      <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
        {allocation.map((part, index) => (
          <Group
            key={part.sector}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            data-testid={`allocation-row-${part.sector}`}
          >
            <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
              <ColorSwatch color={colorOf(index)} size={12} withShadow={false} />
              <Text size="sm" truncate>
                {part.sector}
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {money(part.value_paise)}
              </Text>
              <Text
                size="sm"
                fw={600}
                w={64}
                ta="right"
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {formatTwoDecimals(part.weight_pct)}%
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
