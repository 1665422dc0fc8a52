/** Helpers the money screens share (deposit, withdrawal, bank accounts, records). */

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

/** Today as YYYY-MM-DD in Asia/Kolkata (the server's calendar for filters). */
export function istDay(date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date);
}

/** A calendar day (YYYY-MM-DD, as the API sends IPO and listing dates): 21 Nov 2026. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
