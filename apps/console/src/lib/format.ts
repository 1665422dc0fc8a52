import { isIstDay, istDayStart } from '@sampada/shared';

/** Dates as the firm reads them: Indian English, Indian Standard Time. */
const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** '29 Nov 2026, 4:09 pm IST': every time staff read carries its zone (issue 31, one clock). */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? `${dateTime.format(new Date(iso))} IST` : '—';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/**
 * '2026-11-06' → '6 Nov 2026': a settlement date, a trade date or a due date is an IST calendar
 * day, not an instant, so it carries no time and no zone.
 */
export const formatIstDay = (isoDay: string) =>
  isIstDay(isoDay) ? day.format(istDayStart(isoDay)) : isoDay;

const time = new Intl.DateTimeFormat('en-IN', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** '04:09 pm IST', in IST whatever the browser's own zone. */
export const formatTime = (iso: string) => `${time.format(new Date(iso))} IST`;

/**
 * A key as staff read it: 'loans_applied' → 'Loans applied', 'allow_bonus' → 'Allow bonus'.
 * For codes the screen has no label of its own for (issue 31: raw keys were on screen).
 */
export const humanise = (key: string) => {
  const words = key.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
