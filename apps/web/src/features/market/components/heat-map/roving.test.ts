import { describe, expect, it } from 'vitest';
import { nextTile, type TPlacedTile } from './roving';

// A B C
// D E F   (F is tall: it spans the second and third rows)
// G H F
const grid: TPlacedTile[] = [
  { symbol: 'A', rect: { x: 0, y: 0, w: 10, h: 10 } },
  { symbol: 'B', rect: { x: 10, y: 0, w: 10, h: 10 } },
  { symbol: 'C', rect: { x: 20, y: 0, w: 10, h: 10 } },
  { symbol: 'D', rect: { x: 0, y: 10, w: 10, h: 10 } },
  { symbol: 'E', rect: { x: 10, y: 10, w: 10, h: 10 } },
  { symbol: 'F', rect: { x: 20, y: 10, w: 10, h: 20 } },
  { symbol: 'G', rect: { x: 0, y: 20, w: 10, h: 10 } },
  { symbol: 'H', rect: { x: 10, y: 20, w: 10, h: 10 } },
];

describe('heat map arrow keys', () => {
  it('moves to the neighbour on the same row or column', () => {
    expect(nextTile(grid, 'A', 'ArrowRight')).toBe('B');
    expect(nextTile(grid, 'B', 'ArrowDown')).toBe('E');
    expect(nextTile(grid, 'E', 'ArrowLeft')).toBe('D');
    expect(nextTile(grid, 'E', 'ArrowUp')).toBe('B');
  });

  it('reaches a tile spanning rows from either row', () => {
    expect(nextTile(grid, 'E', 'ArrowRight')).toBe('F');
    expect(nextTile(grid, 'H', 'ArrowRight')).toBe('F');
    expect(nextTile(grid, 'F', 'ArrowUp')).toBe('C');
  });

  it('stays put at an edge and jumps with Home and End', () => {
    expect(nextTile(grid, 'C', 'ArrowRight')).toBeNull();
    expect(nextTile(grid, 'A', 'ArrowUp')).toBeNull();
    expect(nextTile(grid, 'E', 'Home')).toBe('A');
    expect(nextTile(grid, 'A', 'End')).toBe('H');
    expect(nextTile(grid, 'A', 'Enter')).toBeNull();
  });
});
