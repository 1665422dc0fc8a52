import type { TRect } from './squarify';

export interface TPlacedTile {
  symbol: string;
  rect: TRect;
}

const ARROWS = {
  ArrowRight: { dx: 1, dy: 0 },
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowDown: { dx: 0, dy: 1 },
  ArrowUp: { dx: 0, dy: -1 },
} as const;

const centre = ({ x, y, w, h }: TRect) => ({ x: x + w / 2, y: y + h / 2 });

/**
 * The tile an arrow key moves to in a treemap (the heat map is one tab stop; arrows move
 * inside it): the nearest tile whose centre lies that way, counting distance across the
 * direction twice, so Right stays on roughly the same row. Home and End go to the first and
 * last tile. Null when there is nothing that way (the key then does nothing).
 */
export function nextTile(tiles: TPlacedTile[], current: string, key: string): string | null {
  if (tiles.length === 0) return null;
  if (key === 'Home') return tiles[0]!.symbol;
  if (key === 'End') return tiles[tiles.length - 1]!.symbol;
  const direction = ARROWS[key as keyof typeof ARROWS];
  const from = tiles.find((tile) => tile.symbol === current);
  if (!direction || !from) return null;
  const origin = centre(from.rect);
  let best: { symbol: string; score: number } | null = null;
  for (const tile of tiles) {
    if (tile.symbol === current) continue;
    const c = centre(tile.rect);
    const along = (c.x - origin.x) * direction.dx + (c.y - origin.y) * direction.dy;
    if (along <= 0.5) continue;
    const across = Math.abs((c.x - origin.x) * direction.dy + (c.y - origin.y) * direction.dx);
    const score = along + 2 * across;
    if (!best || score < best.score) best = { symbol: tile.symbol, score };
  }
  return best?.symbol ?? null;
}
