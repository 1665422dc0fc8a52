/** A rectangle in the units of the box being laid out. */
export interface TRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TTile<T> {
  item: T;
  rect: TRect;
}

/** The worst aspect ratio in a row of areas laid along a side of this length. */
function worst(row: number[], side: number): number {
  const sum = row.reduce((total, area) => total + area, 0);
  const max = Math.max(...row);
  const min = Math.min(...row);
  return Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min));
}

/**
 * Squarified treemap (Bruls, Huizing, van Wijk): tiles whose areas are proportional to
 * their weights, kept as close to square as the box allows. Items with no weight are
 * left out; the biggest comes first, top left.
 */
export function squarify<T>(
  items: readonly T[],
  weight: (item: T) => number,
  box: TRect,
): TTile<T>[] {
  const weighted = items
    .map((item) => ({ item, weight: weight(item) }))
    .filter((entry) => Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  const total = weighted.reduce((sum, entry) => sum + entry.weight, 0);
  if (!total || box.w <= 0 || box.h <= 0) return [];
  const scale = (box.w * box.h) / total;
  const queue = weighted.map((entry) => ({ item: entry.item, area: entry.weight * scale }));

  const tiles: TTile<T>[] = [];
  let free = { ...box };
  let row: typeof queue = [];

  const placeRow = () => {
    const sum = row.reduce((total, entry) => total + entry.area, 0);
    if (free.w >= free.h) {
      // A column on the left of the free space.
      const width = sum / free.h;
      let y = free.y;
      for (const entry of row) {
        const height = entry.area / width;
        tiles.push({ item: entry.item, rect: { x: free.x, y, w: width, h: height } });
        y += height;
      }
      free = { x: free.x + width, y: free.y, w: free.w - width, h: free.h };
    } else {
      // A row along the top of the free space.
      const height = sum / free.w;
      let x = free.x;
      for (const entry of row) {
        const width = entry.area / height;
        tiles.push({ item: entry.item, rect: { x, y: free.y, w: width, h: height } });
        x += width;
      }
      free = { x: free.x, y: free.y + height, w: free.w, h: free.h - height };
    }
    row = [];
  };

  for (const entry of queue) {
    const side = Math.min(free.w, free.h);
    const areas = row.map((r) => r.area);
    if (row.length && worst([...areas, entry.area], side) > worst(areas, side)) placeRow();
    row.push(entry);
  }
  if (row.length) placeRow();
  return tiles;
}
