/** Helpers the money screens share (deposit, withdrawal, bank accounts, records). */

/** Dates and times follow the one rule of lib/datetime.ts (decision 020). */
export { formatDateTime, formatDay } from './datetime';

/** Today as YYYY-MM-DD in Asia/Kolkata (the server's calendar for filters). */
export function istDay(date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date);
}
