/**
 * Settlement dates (SEBI/HO/MIRSD/DOP/P/CIR/2022/101, 27 Jul 2022; the exchanges' dates since
 * the Dec 2023 circular): the first Friday of each quarter (January, April, July, October) for
 * every client, and the first Friday of each month for clients who chose monthly. When that
 * Friday is a trading holiday, settlement happens on the previous trading day — which may fall
 * in the month before. Pure: the caller passes the exchange calendar's `isTradingDay`.
 */
import { addIstDays, asIstDay, istWeekday, type TSettlementCycle } from '@sampada/shared';

type IsTradingDay = (day: string) => boolean;
const FRIDAY = 5;
const QUARTER_MONTHS = new Set([1, 4, 7, 10]);

/** The first Friday of a month (month 1–12). */
export function firstFriday(year: number, month: number): string {
  const first = asIstDay(`${year}-${String(month).padStart(2, '0')}-01`);
  return addIstDays(first, (FRIDAY - istWeekday(first) + 7) % 7);
}

/** The month's settlement date: its first Friday, or the trading day before it. */
export function settlementDateOf(year: number, month: number, isTradingDay: IsTradingDay) {
  let day = firstFriday(year, month);
  for (let i = 0; i < 30 && !isTradingDay(day); i++) day = addIstDays(asIstDay(day), -1);
  return day;
}

const monthAfter = (year: number, month: number) =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };

/**
 * Which cycles settle on `day`: monthly on every month's date, quarterly only on a quarter's.
 * A date moved back into the previous month (a holiday on the 1st) belongs to the next month.
 */
export function cyclesDueOn(day: string, isTradingDay: IsTradingDay): TSettlementCycle[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  for (const m of [{ year, month }, monthAfter(year, month)]) {
    if (settlementDateOf(m.year, m.month, isTradingDay) !== day) continue;
    return QUARTER_MONTHS.has(m.month) ? ['quarterly', 'monthly'] : ['monthly'];
  }
  return [];
}

/** The first settlement date of `cycle` on or after `day`. */
export function nextSettlementDate(
  day: string,
  cycle: TSettlementCycle,
  isTradingDay: IsTradingDay,
): string {
  let year = Number(day.slice(0, 4));
  let month = Number(day.slice(5, 7));
  for (let i = 0; i < 15; i++) {
    const date = settlementDateOf(year, month, isTradingDay);
    if (date >= day && (cycle === 'monthly' || QUARTER_MONTHS.has(month))) return date;
    ({ year, month } = monthAfter(year, month));
  }
  throw new Error(`No ${cycle} settlement date after ${day}`);
}

/** The latest settlement date of `cycle` on or before `day`. */
export function lastSettlementDate(
  day: string,
  cycle: TSettlementCycle,
  isTradingDay: IsTradingDay,
): string {
  let year = Number(day.slice(0, 4));
  let month = Number(day.slice(5, 7)) + 1;
  if (month === 13) ({ year, month } = { year: year + 1, month: 1 });
  for (let i = 0; i < 15; i++) {
    const date = settlementDateOf(year, month, isTradingDay);
    if (date <= day && (cycle === 'monthly' || QUARTER_MONTHS.has(month))) return date;
    ({ year, month } = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });
  }
  throw new Error(`No ${cycle} settlement date before ${day}`);
}

/**
 * The first IST day whose trades are not yet settled at some moment of `day` (T+1): a trade
 * settles on the next trading day, so the last trading day on or before `day` and everything
 * after it are open — today's trades on a trading day, Friday's over a weekend. A settlement
 * date is a trading day, so on one this is the date itself, as retention.ts reads it.
 */
export function unsettledSince(day: string, isTradingDay: IsTradingDay): string {
  let from = day;
  for (let i = 0; i < 30 && !isTradingDay(from); i++) from = addIstDays(asIstDay(from), -1);
  return from;
}
