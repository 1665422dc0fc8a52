/**
 * The desk works in Indian Standard Time (UTC+05:30, no daylight saving): window and
 * validity inputs are read as IST wall-clock times, whatever the browser's own zone.
 */
const IST_OFFSET_MS = 330 * 60_000;
const IST_SUFFIX = '+05:30';

/** '2026-03-10T09:15' (a datetime-local value, read as IST) → '2026-03-10T09:15:00+05:30'. */
export const istInputToInstant = (local: string) => (local ? `${local}:00${IST_SUFFIX}` : '');

/** Any instant → the IST wall-clock datetime-local value '2026-03-10T09:15' ('' if unreadable). */
export function instantToIstInput(instant: string): string {
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? '' : new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** Today in IST as YYYY-MM-DD. */
export const istToday = (now: Date = new Date()) =>
  new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** Now, to the minute, as an instant in IST form (a sensible default for "opens at"). */
export const istNowInstant = (now: Date = new Date()) =>
  istInputToInstant(instantToIstInput(now.toISOString()));

/**
 * `days` working days after a YYYY-MM-DD day, skipping Saturdays and Sundays (exchange
 * holidays are the server's to know). '' for an unreadable day.
 */
export function addWorkingDays(day: string, days: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });
/** '2026-03-13' → '13 Mar 2026'. */
export const formatDay = (day: string | null | undefined) =>
  day ? dayFormat.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)) : '—';
