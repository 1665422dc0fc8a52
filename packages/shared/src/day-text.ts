/**
 * How a day reads wherever we write one for a person — screens, memos, e-mails: '24 Sep 2026'
 * (issue 31: dates read dd MMM yyyy). ICU's en-IN and en-GB write September as "Sept", which
 * neither the date pickers (dayjs: "Sep") nor the other eleven months match, so the month
 * names come from this table and Intl only supplies the calendar parts.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const partsOf = (isoDay: string) => {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(isoDay);
  if (!match) return null;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? { year: match[1]!, month, day: match[3] ? String(Number(match[3])) : null } : null;
};

/** '2026-09-24' (or an ISO timestamp's date part) → '24 Sep 2026'; anything else as it came. */
export function dayText(isoDay: string): string {
  const parts = partsOf(isoDay);
  return parts?.day ? `${parts.day} ${parts.month} ${parts.year}` : isoDay;
}

/** '2026-09' → 'Sep 2026'. */
export function monthText(isoMonth: string): string {
  const parts = partsOf(isoMonth);
  return parts ? `${parts.month} ${parts.year}` : isoMonth;
}

const dayInZone = new Map<string, Intl.DateTimeFormat>();
/** The calendar day an instant falls on in an IANA zone, as 'YYYY-MM-DD' (en-CA writes ISO order). */
export function isoDayIn(instant: Date, timeZone: string): string {
  let format = dayInZone.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayInZone.set(timeZone, format);
  }
  return format.format(instant);
}
