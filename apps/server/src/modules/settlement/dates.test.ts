/**
 * The settlement-date rule on the exchange's own 2026 holidays: the first Friday of the
 * quarter (or of the month), the previous trading day when that Friday is a holiday — even
 * when that day falls in the month before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cyclesDueOn,
  firstFriday,
  lastSettlementDate,
  nextSettlementDate,
  unsettledSince,
} from './dates.ts';

const holidays = new Set(
  (
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../market/data/nse-holidays.json'), 'utf8'),
    ) as { date: string }[]
  ).map((h) => h.date),
);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const isTradingDay = (day: string) => ![0, 6].includes(weekday(day)) && !holidays.has(day);

describe('settlement dates', () => {
  it('takes the first Friday of the month', () => {
    expect(firstFriday(2026, 1)).toBe('2026-01-02');
    expect(firstFriday(2026, 7)).toBe('2026-07-03');
    expect(firstFriday(2026, 11)).toBe('2026-11-06');
  });

  it('settles every client on a quarter’s first Friday', () => {
    expect(cyclesDueOn('2026-01-02', isTradingDay)).toEqual(['quarterly', 'monthly']);
    expect(cyclesDueOn('2026-07-03', isTradingDay)).toEqual(['quarterly', 'monthly']);
  });

  it('settles only monthly clients on another month’s first Friday', () => {
    expect(cyclesDueOn('2026-02-06', isTradingDay)).toEqual(['monthly']);
    expect(cyclesDueOn('2026-11-06', isTradingDay)).toEqual(['monthly']);
  });

  it('moves a holiday Friday to the previous trading day (Good Friday, Gandhi Jayanti)', () => {
    expect(holidays.has('2026-04-03')).toBe(true);
    expect(cyclesDueOn('2026-04-03', isTradingDay)).toEqual([]);
    expect(cyclesDueOn('2026-04-02', isTradingDay)).toEqual(['quarterly', 'monthly']);
    expect(holidays.has('2026-10-02')).toBe(true);
    expect(cyclesDueOn('2026-10-01', isTradingDay)).toEqual(['quarterly', 'monthly']);
  });

  it('moves a holiday on the 1st into the month before (Maharashtra Day, 1 May 2026)', () => {
    expect(holidays.has('2026-05-01')).toBe(true);
    expect(cyclesDueOn('2026-04-30', isTradingDay)).toEqual(['monthly']);
    expect(nextSettlementDate('2026-04-03', 'monthly', isTradingDay)).toBe('2026-04-30');
  });

  it('finds the next and the last dates of each cycle', () => {
    expect(nextSettlementDate('2026-11-29', 'quarterly', isTradingDay)).toBe('2027-01-01');
    expect(nextSettlementDate('2026-11-29', 'monthly', isTradingDay)).toBe('2026-12-04');
    expect(lastSettlementDate('2026-11-29', 'quarterly', isTradingDay)).toBe('2026-10-01');
    expect(lastSettlementDate('2026-11-29', 'monthly', isTradingDay)).toBe('2026-11-06');
    expect(nextSettlementDate('2026-10-01', 'quarterly', isTradingDay)).toBe('2026-10-01');
  });

  it('answers no cycle on an ordinary day', () => {
    expect(cyclesDueOn('2026-11-12', isTradingDay)).toEqual([]);
  });

  it('leaves trades open from the last trading day on: today, or Friday over a weekend (T+1)', () => {
    expect(unsettledSince('2026-11-26', isTradingDay)).toBe('2026-11-26');
    expect(unsettledSince('2026-11-29', isTradingDay)).toBe('2026-11-27');
    expect(holidays.has('2026-10-02')).toBe(true);
    expect(unsettledSince('2026-10-04', isTradingDay)).toBe('2026-10-01');
  });
});
