/** "5 minutes ago", "yesterday" for the last week; after that the date itself (en-IN, IST). */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const WEEK_S = 7 * 86_400;

const dateOnly = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeZone: 'Asia/Kolkata',
});
const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

export function formatRelativeTime(
  iso: string,
  { now = Date.now(), language = 'en-US', justNow = 'just now' } = {},
): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return justNow;
  if (seconds >= WEEK_S) return dateOnly.format(new Date(iso));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const [unit, size] = UNITS.find(([, s]) => seconds >= s)!;
  return format.format(-Math.floor(seconds / size), unit);
}

/** The full publication time, for the article page and tooltips. */
export const formatPublishedAt = (iso: string) => dateTime.format(new Date(iso));
