/**
 * IST days for the server: the arithmetic lives in packages/shared/src/ist-day.ts (decision
 * 026); this file adds only what needs the server's errors — reading a day range from a request.
 */
import {
  addIstDays,
  asIstDay,
  FM,
  type IstDay,
  istDaysBetween,
  istInstant,
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
  istDaysBetween(asIstDay(from), asIstDay(to));

/** The YYYY-MM-DD `n` days after `day`. */
export const addDays = (day: string, n: number): IstDay => addIstDays(asIstDay(day), n);

/** The first instant after `now` at which the IST wall clock reads `hour`:00 (e.g. 06:00). */
export function nextIstHour(now: Date, hour: number): Date {
  const today = istInstant(istDayOf(now), hour * 60);
  return today > now ? today : istInstant(addIstDays(istDayOf(now), 1), hour * 60);
}
