/**
 * Indian Standard Time days: the one home of calendar-day arithmetic (decision 026).
 *
 * India has one time zone, UTC+05:30 all year with no daylight saving, so an IST day starts at
 * 18:30 UTC the evening before and every day is exactly 24 hours long: plain offsets are exact
 * and no time-zone database is needed. Statements, order lists, contract notes, loan interest,
 * claim due dates and the market calendar all count days this way. ESLint bans the day length,
 * `DAY_MS` and the offset text everywhere else, so a new rule cannot grow its own calendar.
 */

declare const istDayBrand: unique symbol;
/** A calendar day in India, 'YYYY-MM-DD'. Made only by this module (or checked by asIstDay). */
export type IstDay = string & { readonly [istDayBrand]: true };

export const IST_OFFSET = '+05:30';
export const IST_OFFSET_MS = 330 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Midnight UTC of the same calendar date: the arithmetic base for whole days. */
const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
/**
 * Each day's text, worked out once per process: a returns answer reads the day of 10,000 fills
 * several times over (bench/returns.mjs), and every conversion built a Date and a string.
 * A few thousand days at most in practice; bounded all the same.
 */
const dayTexts = new Map<number, IstDay>();
function dayOfUtc(ms: number): IstDay {
  const n = Math.floor(ms / DAY_MS);
  let text = dayTexts.get(n);
  if (text === undefined) {
    text = new Date(ms).toISOString().slice(0, 10) as IstDay;
    if (dayTexts.size < 100_000) dayTexts.set(n, text);
  }
  return text;
}

/** Whether `text` is a real calendar day 'YYYY-MM-DD' (no 30 February). */
export function isIstDay(text: string): text is IstDay {
  if (!DAY_PATTERN.test(text)) return false;
  const ms = utcMidnight(text);
  return !Number.isNaN(ms) && dayOfUtc(ms) === text;
}

/** A day read from outside (a request, a date column); throws RangeError if it is not one. */
export function asIstDay(text: string): IstDay {
  if (!isIstDay(text)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${text}`);
  return text;
}

/** The IST day an instant falls on. */
export const istDayOf = (instant: Date): IstDay => dayOfUtc(instant.getTime() + IST_OFFSET_MS);

/** Today in India. */
export const istToday = (now: Date = new Date()): IstDay => istDayOf(now);

/** The instant an IST day starts (00:00 IST = 18:30 UTC the day before). */
export const istDayStart = (day: IstDay): Date => new Date(utcMidnight(day) - IST_OFFSET_MS);

/** The instant an IST day ends, exclusive: the next day's 00:00 IST. */
export const istDayEnd = (day: IstDay): Date => new Date(istDayStart(day).getTime() + DAY_MS);

/** The instant of an IST wall-clock minute (0 = midnight) on an IST day. */
export const istInstant = (day: IstDay, minute: number): Date =>
  new Date(istDayStart(day).getTime() + minute * MINUTE_MS);

/** Minutes since IST midnight at an instant (0–1439). */
export const istMinuteOfDay = (instant: Date): number =>
  Math.floor(((((instant.getTime() + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);

/** The day `n` days after `day` (before it when n < 0). */
export const addIstDays = (day: IstDay, n: number): IstDay =>
  dayOfUtc(utcMidnight(day) + n * DAY_MS);

/** Whole days from `a` to `b` (b − a; negative when b is earlier). */
export const istDaysBetween = (a: IstDay, b: IstDay): number =>
  Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);

/** Days since 1970-01-01: a stable number for cycling through data by day. */
export const istDayIndex = (day: IstDay): number => Math.round(utcMidnight(day) / DAY_MS);

/** 0 = Sunday … 6 = Saturday. */
export const istWeekday = (day: IstDay): number => new Date(utcMidnight(day)).getUTCDay();

/** An instant as IST wall-clock time, 'YYYY-MM-DD HH:MM:SS', for documents. */
export const istWallTime = (instant: Date): string =>
  new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** An instant as an IST datetime-local value 'YYYY-MM-DDTHH:MM' ('' if unreadable). */
export function istLocalInput(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return Number.isNaN(ms) ? '' : new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as IST ('2026-03-10T09:15') → ISO text with the IST offset. */
export const istLocalToInstant = (local: string): string =>
  local ? `${local}:00${IST_OFFSET}` : '';

/** A length of `n` days in milliseconds, for durations ("valid for 30 days"), not for dates. */
export const daysInMs = (n: number): number => n * DAY_MS;

/** 00:00 UTC of a calendar date (the audit filter counts UTC days, not IST ones). */
export const utcDayStart = (day: string): Date => new Date(utcMidnight(day));
