/**
 * IST days for the server: the arithmetic lives in packages/shared/src/ist-day.ts (decision
 * 026); this file adds only what needs the server's errors — reading a day range from a request.
 */
import {
  FM,
  type IstDay,
  isIstDay,
  istDayEnd,
  istDayOf,
  istDayStart,
  istWallTime,
} from '@sampada/shared';
import { badRequest } from './errors.ts';

export { IST_OFFSET, IST_OFFSET_MS } from '@sampada/shared';

/** The IST date (YYYY-MM-DD) an instant falls on. */
export const istDateOf: (instant: Date) => IstDay = istDayOf;

/** An instant as IST wall-clock time, `YYYY-MM-DD HH:MM:SS`, for documents. */
export const istTime = istWallTime;

function requestDay(day: string): IstDay {
  if (!isIstDay(day)) throw badRequest(FM.dateInvalid);
  return day;
}

/** [from 00:00, the day after `to` 00:00) in Asia/Kolkata; either end may be open. */
export function dayRange(from?: string, to?: string) {
  const start = from ? istDayStart(requestDay(from)) : undefined;
  const end = to ? istDayEnd(requestDay(to)) : undefined;
  if (start && end && start >= end) throw badRequest(FM.dateRangeInvalid);
  return { start, end };
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The YYYY-MM-DD `n` days after `day`. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
