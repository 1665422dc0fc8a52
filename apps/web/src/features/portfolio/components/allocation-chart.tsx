import { formatTwoDecimals } from '@sampada/shared';
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { TKeyOf } from '../../../lib/i18n';
import { usePortfolioTranslation, type portfolioEnUS } from '../i18n';
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

/** One slice: a sector or a market-cap band, its value and its share in per cent. */
export type TAllocationPart = { name: string; value_paise: number; weight_pct: number };

/** The slices as text: colour, name, value and share, one row each. */
function AllocationLegend({ parts, testId }: { parts: TAllocationPart[]; testId: string }) {
  const { money } = useMoney();
  return (
    <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
      {parts.map((part, index) => (
        // Never cut off nor overlapping: a name wraps beside its figures down to 8rem (or
        // its longest word); narrower than that, the figures move under the name.
        <Group
          key={part.name}
          justify="space-between"
          wrap="wrap"
          style={{ columnGap: 'var(--mantine-spacing-sm)', rowGap: 0 }}
          data-testid={`${testId}-row-${part.name}`}
        >
          <Group gap={8} wrap="nowrap" style={{ flex: '1 1 8rem' }}>
            <ColorSwatch color={colorOf(index)} size={12} withShadow={false} />
            <Text size="sm">{part.name}</Text>
          </Group>
          <Group gap="sm" wrap="nowrap" ml="auto">
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {money(part.value_paise)}
            </Text>
            <Text
              size="sm"
              fw={600}
              miw={64}
              ta="right"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {formatTwoDecimals(part.weight_pct)}%
            </Text>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * An allocation (by sector, by market-cap band) as a donut drawn in SVG (no chart library on
 * this screen), with a legend that carries the same figures as text. Beside the donut where
 * the card is wide enough, below it on a phone.
 */
export function AllocationChart({
  parts,
  labelKey,
  testId = 'allocation',
}: {
  parts: TAllocationPart[];
  /** The i18n key of the accessible name, given the slices as {{parts}}. */
  labelKey: TKeyOf<typeof portfolioEnUS>;
  testId?: string;
}) {
  const { t } = usePortfolioTranslation();
  const total = parts.reduce((sum, part) => sum + Math.max(0, part.weight_pct), 0) || 1;
  let start = 0;
  const arcs = parts.map((part, index) => {
    const length = (Math.max(0, part.weight_pct) / total) * CIRCUMFERENCE;
    const arc = { name: part.name, length, offset: -start, color: colorOf(index) };
    start += length;
    return arc;
  });
  const label = t(labelKey, {
    parts: parts.map((part) => `${part.name} ${formatTwoDecimals(part.weight_pct)}%`).join(', '),
  });
  return (
    <Group align="center" gap="lg" wrap="wrap" data-testid={`${testId}-chart`}>
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
            key={arc.name}
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
      <AllocationLegend parts={parts} testId={testId} />
    </Group>
  );
}
