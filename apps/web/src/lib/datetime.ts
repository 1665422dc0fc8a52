/**
 * The one rule for dates and times on screen (decision 020):
 * - an instant (an ISO timestamp) is shown in the timezone the client chose on the login page
 *   (spec §1: UTC unless changed), with the zone's short name after the time: 24 Nov 2026,
 *   2:25 pm IST;
 * - a date reads 24 Nov 2026 (or 24/11/2026 where space is short, and in date fields);
 * - a calendar day the API sends as YYYY-MM-DD is that day everywhere, never shifted by a zone.
 */
import { dayText, isoDayIn } from '@sampada/shared';
import { appSettings } from './app-settings';

const zoneOf = (timeZone?: string) => timeZone ?? appSettings.get().locale.timezone ?? 'UTC';

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions, timeZone: string) {
  const id = `${key}|${timeZone}`;
  let format = cache.get(id);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-IN', {
        ...options,
        timeZone,
      });
    } catch {
      // An unknown zone in stored settings: UTC rather than a broken screen.
      format = new Intl.DateTimeFormat('en-IN', { ...options, timeZone: 'UTC' });
    }
    cache.set(id, format);
  }
  return format;
}

const TIME: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
};

const parse = (value: string | Date) => (value instanceof Date ? value : new Date(value));
const valid = (date: Date) => !Number.isNaN(date.getTime());

/** 24 Nov 2026 (an instant's date in the chosen zone). */
export function formatDate(value: string | Date, timeZone?: string): string {
  const date = parse(value);
  if (!valid(date)) return String(value);
  try {
    return dayText(isoDayIn(date, zoneOf(timeZone)));
  } catch {
    // An unknown zone in stored settings: UTC rather than a broken screen.
    return dayText(isoDayIn(date, 'UTC'));
  }
}

/**
 * The exchange's zone: market facts that are IST by nature (order validity, an offering's window,
 * sessions and cut-offs) are shown in it whatever zone the client chose (issue 31, one clock).
 */
export const EXCHANGE_ZONE = 'Asia/Kolkata';

/** 24 Nov 2026, 2:25 pm IST: a market fact's time, in the exchange's zone. */
export const formatIstDateTime = (value: string | Date) => formatDateTime(value, EXCHANGE_ZONE);

/** 2:25 pm IST */
export function formatTime(value: string | Date, timeZone?: string): string {
  const date = parse(value);
  if (!valid(date)) return String(value);
  return formatter('time', TIME, zoneOf(timeZone)).format(date);
}

/** 24 Nov 2026, 2:25 pm IST */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = parse(value);
  if (!valid(date)) return String(value);
  return `${formatDate(date, timeZone)}, ${formatTime(date, timeZone)}`;
}

/** A calendar day (YYYY-MM-DD, as the API sends IPO, listing and due dates): 24 Nov 2026. */
export const formatDay = (day: string): string => dayText(day);

/** A calendar day as 24/11/2026, for tight columns. */
export function formatDayNumeric(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : day;
}
