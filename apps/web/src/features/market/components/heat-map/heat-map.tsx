import type { THeatmapSector } from '@sampada/shared';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { openStockDetail } from '../../../../lib/drawers';
import { formatChangePct, formatPrice } from '../../../../lib/market/format';
import { useMarketTranslation } from '../../i18n';
import { heatColor } from './heat-color';
import { nextTile, type TPlacedTile } from './roving';
import { squarify, type TRect } from './squarify';

type TStock = THeatmapSector['stocks'][number];

/** Room a sector needs before its name gets a strip of its own. */
const SECTOR_LABEL_HEIGHT = 18;
const MIN_LABELLED_SECTOR = { w: 72, h: 56 };
const MIN_LABELLED_TILE = { w: 44, h: 22 };
const MIN_TILE_WITH_CHANGE = { w: 52, h: 38 };
const ELLIPSIS = {
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  paddingInline: 2,
} as const;
/** Before the box is measured (and in tests), lay out in a 5:3 box. */
const FALLBACK = { w: 1000, h: 600 };

const percentOf = (rect: TRect, box: TRect) => ({
  left: `${((rect.x - box.x) / box.w) * 100}%`,
  top: `${((rect.y - box.y) / box.h) * 100}%`,
  width: `${(rect.w / box.w) * 100}%`,
  height: `${(rect.h / box.h) * 100}%`,
});

function Tile({
  stock,
  rect,
  box,
  tabStop,
}: {
  stock: TStock;
  rect: TRect;
  box: TRect;
  /** The one tile the Tab key reaches; arrow keys move between tiles. */
  tabStop: boolean;
}) {
  const { t } = useMarketTranslation();
  const colour = heatColor(stock.change_pct);
  const change = formatChangePct(stock.change_pct);
  const label = t('heatmap.tileLabel', {
    symbol: stock.symbol,
    name: stock.name,
    price: formatPrice(stock.price),
    change,
  });
  const showSymbol = rect.w >= MIN_LABELLED_TILE.w && rect.h >= MIN_LABELLED_TILE.h;
  const showChange = rect.w >= MIN_TILE_WITH_CHANGE.w && rect.h >= MIN_TILE_WITH_CHANGE.h;
  return (
    <UnstyledButton
      aria-label={label}
      title={label}
      onClick={() => openStockDetail(stock.symbol)}
      tabIndex={tabStop ? 0 : -1}
      data-symbol={stock.symbol}
      data-testid={`heat-tile-${stock.symbol}`}
      data-tone={colour.tone}
      style={{
        position: 'absolute',
        ...percentOf(rect, box),
        background: colour.background,
        color: colour.color,
        outline: '1px solid var(--mantine-color-body)',
        outlineOffset: -1,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        lineHeight: 1.15,
        fontSize: 11,
      }}
    >
      {showSymbol && <span style={{ ...ELLIPSIS, fontWeight: 700 }}>{stock.symbol}</span>}
      {showChange && <span style={ELLIPSIS}>{change}</span>}
    </UnstyledButton>
  );
}

interface TPlacedSector {
  sector: THeatmapSector;
  rect: TRect;
  labelled: boolean;
  tiles: { item: TStock; rect: TRect }[];
}

/** Sectors in the box, each with its name strip (when there is room) and its tiles. */
function placeSectors(sectors: THeatmapSector[], box: TRect): TPlacedSector[] {
  return squarify(sectors, (sector) => sector.market_cap, box).map(({ item, rect }) => {
    const labelled = rect.w >= MIN_LABELLED_SECTOR.w && rect.h >= MIN_LABELLED_SECTOR.h;
    const inner: TRect = labelled
      ? { x: rect.x, y: rect.y + SECTOR_LABEL_HEIGHT, w: rect.w, h: rect.h - SECTOR_LABEL_HEIGHT }
      : rect;
    return {
      sector: item,
      rect,
      labelled,
      tiles: squarify(item.stocks, (stock) => stock.market_cap, inner),
    };
  });
}

function Sector({
  placed: { sector, rect, labelled, tiles },
  box,
  tabStop,
}: {
  placed: TPlacedSector;
  box: TRect;
  tabStop: string | null;
}) {
  const { t } = useMarketTranslation();
  const label = t('heatmap.sectorLabel', {
    sector: sector.sector,
    change: formatChangePct(sector.change_pct),
  });
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={`heat-sector-${sector.sector}`}
      style={{ position: 'absolute', ...percentOf(rect, box) }}
    >
      {labelled && (
        <Text
          size="xs"
          fw={700}
          truncate
          px={4}
          aria-hidden
          style={{ height: SECTOR_LABEL_HEIGHT, lineHeight: `${SECTOR_LABEL_HEIGHT}px` }}
        >
          {sector.sector} {formatChangePct(sector.change_pct)}
        </Text>
      )}
      {tiles.map(({ item, rect: tile }) => (
        <Tile
          key={item.symbol}
          stock={item}
          rect={tile}
          box={rect}
          tabStop={item.symbol === tabStop}
        />
      ))}
    </Box>
  );
}

/**
 * The sector heat map: a treemap whose tiles are sized by market cap and coloured by
 * today's change (green gains, red losses), grouped by sector. Every tile is a button
 * named with symbol, company, price and signed change, so colour is never the only cue. The
 * map is one tab stop; the arrow keys, Home and End move between its tiles (roving.ts).
 */
export function HeatMap({ sectors }: { sectors: THeatmapSector[] }) {
  const { t } = useMarketTranslation();
  const { ref, width, height } = useElementSize();
  const w = width || FALLBACK.w;
  const h = height || FALLBACK.h;
  const box = useMemo<TRect>(() => ({ x: 0, y: 0, w, h }), [w, h]);
  const layout = useMemo(() => placeSectors(sectors, box), [sectors, box]);
  const tiles = useMemo<TPlacedTile[]>(
    () => layout.flatMap((s) => s.tiles.map(({ item, rect }) => ({ symbol: item.symbol, rect }))),
    [layout],
  );
  // One tab stop for the whole map (the last tile focused, else the first); arrows move.
  const [focused, setFocused] = useState<string | null>(null);
  const tabStop = tiles.some((tile) => tile.symbol === focused)
    ? focused
    : (tiles[0]?.symbol ?? null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = (event.target as HTMLElement).dataset.symbol;
    if (!current) return;
    const next = nextTile(tiles, current, event.key);
    if (!next) return;
    event.preventDefault();
    setFocused(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-symbol="${CSS.escape(next)}"]`)?.focus();
  };
  return (
    <Box>
      <Box
        ref={ref}
        role="region"
        aria-label={t('heatmap.label', { count: sectors.length })}
        h={{ base: 360, sm: 440 }}
        pos="relative"
        style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
        data-testid="heat-map"
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const symbol = (event.target as HTMLElement).dataset.symbol;
          if (symbol) setFocused(symbol);
        }}
      >
        {layout.map((placed) => (
          <Sector key={placed.sector.sector} placed={placed} box={box} tabStop={tabStop} />
        ))}
      </Box>
      <HeatLegend />
    </Box>
  );
}

const LEGEND_STEPS = [-3, -2, -1, -0.5, 0, 0.5, 1, 2, 3];

function HeatLegend() {
  return (
    <Group gap={2} mt={6} justify="flex-end" aria-hidden>
      {LEGEND_STEPS.map((step) => {
        const colour = heatColor(step);
        return (
          <Box
            key={step}
            px={4}
            style={{
              background: colour.background,
              color: colour.color,
              fontSize: 10,
              borderRadius: 2,
            }}
          >
            {step > 0 ? `+${step}%` : `${step}%`}
          </Box>
        );
      })}
    </Group>
  );
}
