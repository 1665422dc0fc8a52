import { dayText, istDayOf } from '@sampada/shared';

/** Times as the firm reads them: Indian English, Indian Standard Time. */
const clock = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** '29 Nov 2026, 4:09 pm IST': every time staff read carries its zone (issue 31, one clock). */
export const formatDateTime = (iso: string | null | undefined) => {
  if (!iso) return '—';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return `${dayText(istDayOf(instant))}, ${clock.format(instant)} IST`;
};

/**
 * '2026-11-06' → '6 Nov 2026': a settlement date, a trade date or a due date is an IST calendar
 * day, not an instant, so it carries no time and no zone.
 */
export const formatIstDay = (isoDay: string) => dayText(isoDay);

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
