/**
 * The desk works in Indian Standard Time (no daylight saving): window and validity inputs are
 * read as IST wall-clock times, whatever the browser's own zone. The arithmetic is
 * packages/shared/src/ist-day.ts (decision 026).
 */
import {
  addIstDays,
  dayText,
  isIstDay,
  istLocalInput,
  istWeekday,
  istLocalToInstant,
  istToday as sharedIstToday,
} from '@sampada/shared';

/** '2026-03-10T09:15' (a datetime-local value, read as IST) → '2026-03-10T09:15:00+05:30'. */
export const istInputToInstant = istLocalToInstant;

/** Any instant → the IST wall-clock datetime-local value '2026-03-10T09:15' ('' if unreadable). */
export const instantToIstInput = (instant: string): string => istLocalInput(instant);

/** Today in IST as YYYY-MM-DD. */
export const istToday = (now: Date = new Date()): string => sharedIstToday(now);

/** Now, to the minute, as an instant in IST form (a sensible default for "opens at"). */
export const istNowInstant = (now: Date = new Date()) =>
  istInputToInstant(instantToIstInput(now.toISOString()));

/**
 * `days` working days after a YYYY-MM-DD day, skipping Saturdays and Sundays (exchange
 * holidays are the server's to know). '' for an unreadable day.
 */
export function addWorkingDays(day: string, days: number): string {
  if (!isIstDay(day)) return '';
  let date = day;
  for (let left = days; left > 0;) {
    date = addIstDays(date, 1);
    const weekday = istWeekday(date);
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date;
}

/** '2026-03-13' → '13 Mar 2026'. */
export const formatDay = (day: string | null | undefined) => (day ? dayText(day) : '—');
