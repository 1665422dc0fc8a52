/**
 * Indian Standard Time: India has one time zone, UTC+05:30 all year with no daylight saving,
 * so a calendar day starts at 00:00 +05:30 and plain offsets are exact. Statements, order
 * lists, contract notes and the market calendar all count days this way.
 */
import { FM } from '@sampada/shared';
import { badRequest } from './errors.ts';

export const IST_OFFSET = '+05:30';
export const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The IST date (YYYY-MM-DD) an instant falls on. */
export const istDateOf = (instant: Date) =>
  new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** An instant as IST wall-clock time, `YYYY-MM-DD HH:MM:SS`, for documents. */
export const istTime = (instant: Date) =>
  new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

function dayStart(day: string): Date {
  const date = new Date(`${day}T00:00:00${IST_OFFSET}`);
  if (Number.isNaN(date.getTime()) || istDateOf(date) !== day) throw badRequest(FM.dateInvalid);
  return date;
}

/** [from 00:00, the day after `to` 00:00) in Asia/Kolkata; either end may be open. */
export function dayRange(from?: string, to?: string) {
  const start = from ? dayStart(from) : undefined;
  const end = to ? new Date(dayStart(to).getTime() + DAY_MS) : undefined;
  if (start && end && start >= end) throw badRequest(FM.dateRangeInvalid);
  return { start, end };
}

/** The first instant after `now` at which the IST wall clock reads `hour`:00 (e.g. 06:00). */
export function nextIstHour(now: Date, hour: number): Date {
  const today = new Date(`${istDateOf(now)}T${String(hour).padStart(2, '0')}:00:00${IST_OFFSET}`);
  return today > now ? today : new Date(today.getTime() + DAY_MS);
}
