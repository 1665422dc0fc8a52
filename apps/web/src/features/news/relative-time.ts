import { formatDate, formatDateTime } from '../../lib/datetime';

/** "5 minutes ago", "yesterday" for the last week; after that the date itself (lib/datetime). */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const WEEK_S = 7 * 86_400;

export function formatRelativeTime(
  iso: string,
  { now = Date.now(), language = 'en-US', justNow = 'just now' } = {},
): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return justNow;
  if (seconds >= WEEK_S) return formatDate(iso);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const [unit, size] = UNITS.find(([, s]) => seconds >= s)!;
  return format.format(-Math.floor(seconds / size), unit);
}

/** The full publication time, for the article page and tooltips. */
export const formatPublishedAt = (iso: string) => formatDateTime(iso);
