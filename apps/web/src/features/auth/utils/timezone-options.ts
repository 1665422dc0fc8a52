import type { TCountry } from '../../../lib/country';

/** India's zone: the spec's locale default and the exchange's, so it is always offered first. */
const INDIA_ZONE = 'Asia/Kolkata';

/** 'India Standard Time (Asia/Kolkata)': the zone's name people read, and its IANA id. */
export function zoneLabel(zone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && name !== zone ? `${name} (${zone})` : zone;
  } catch {
    return zone;
  }
}

/**
 * The timezone picker's options (issue 31): India Standard Time first, UTC (the spec's default
 * display zone) next, then the chosen country's other zones — each once, each named.
 */
export const timezoneOptionsFor = (country: TCountry | undefined) =>
  [...new Set([INDIA_ZONE, 'UTC', ...(country?.timezones ?? [])])].map((zone) => ({
    value: zone,
    label: zoneLabel(zone),
  }));
