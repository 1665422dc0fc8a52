import { type IstDay, istDayOf } from '@sampada/shared';
/** Helpers the money screens share (deposit, withdrawal, bank accounts, records). */

/** Dates and times follow the one rule of lib/datetime.ts (decision 020). */
export { formatDateTime, formatDay, formatIstDateTime } from './datetime';

/** The IST day (YYYY-MM-DD) of an instant, today by default: the server's calendar for filters. */
export const istDay = (date = new Date()): IstDay => istDayOf(date);
