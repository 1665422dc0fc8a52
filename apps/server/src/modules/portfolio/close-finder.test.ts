/** The close a day is valued at: the latest on or before it, however the days are asked. */
import { describe, expect, it } from 'vitest';
import { closeFinder } from './returns.ts';

const series = [
  { day: '2024-01-01', close: 100 },
  { day: '2024-01-02', close: 101 },
  { day: '2024-01-05', close: 105 },
  { day: '2024-01-08', close: 108 },
];
/** The answer by its definition: the last close whose day is not after `day`. */
const expected = (day: string) => series.filter((c) => c.day <= day).at(-1)?.close ?? null;
const days = [
  '2023-12-31',
  '2024-01-01',
  '2024-01-02',
  '2024-01-03',
  '2024-01-04',
  '2024-01-05',
  '2024-01-06',
  '2024-01-08',
  '2024-01-09',
];

describe('the close of a day', () => {
  it('walking forward, as the day-by-day series does, gives the latest close on or before each day', () => {
    const find = closeFinder();
    for (const day of days) expect(find(series, day), day).toBe(expected(day));
  });

  it('asked backward and at random after a walk, still the latest on or before each day', () => {
    const find = closeFinder();
    for (const day of [...days].reverse()) expect(find(series, day), day).toBe(expected(day));
    for (const day of ['2024-01-06', '2024-01-01', '2024-01-09', '2023-12-31', '2024-01-03'])
      expect(find(series, day), day).toBe(expected(day));
  });

  it('no closes: nothing', () => {
    expect(closeFinder()([], '2024-01-01')).toBeNull();
  });
});
