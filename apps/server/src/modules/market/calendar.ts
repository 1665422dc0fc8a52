/**
 * NSE sessions in Asia/Kolkata (UTC+5:30 all year, no daylight saving): pre-open
 * 09:00–09:15, normal market 09:15–15:30, closed on weekends and exchange holidays.
 */
import type { TMarketSession, TMarketStatus } from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import {
  addIstDays,
  asIstDay,
  type IstDay,
  istInstant as istInstantOf,
  istMinuteOfDay,
  istWeekday,
} from '@sampada/shared';

export const PRE_OPEN_MINUTE = 9 * 60;
export const OPEN_MINUTE = 9 * 60 + 15;
export const CLOSE_MINUTE = 15 * 60 + 30;

export type Holiday = { date: string; name: string };

export type SessionInfo = {
  session: TMarketSession;
  /** The IST date (YYYY-MM-DD) this instant belongs to. */
  istDate: IstDay;
  /** Minutes since IST midnight. */
  minute: number;
  reason: 'weekend' | 'holiday' | 'before_hours' | 'after_hours' | null;
  holiday: string | null;
};

/** The UTC instant of an IST wall-clock time on an IST date. */
export const istInstant = (istDate: string, minute: number) =>
  istInstantOf(asIstDay(istDate), minute);

const weekdayOf = (istDate: string) => istWeekday(asIstDay(istDate));
const nextDate = (istDate: string) => addIstDays(asIstDay(istDate), 1);
const previousDate = (istDate: string) => addIstDays(asIstDay(istDate), -1);

export function createCalendar(holidays: Holiday[], options: { alwaysOpen: boolean }) {
  const byDate = new Map(holidays.map((h) => [h.date, h.name]));

  const closedReason = (istDate: string): 'weekend' | 'holiday' | null => {
    const day = weekdayOf(istDate);
    if (day === 0 || day === 6) return 'weekend';
    return byDate.has(istDate) ? 'holiday' : null;
  };
  const isTradingDay = (istDate: string) => closedReason(istDate) === null;

  function sessionAt(instant: Date): SessionInfo {
    const istDate = istDateOf(instant);
    const minute = istMinuteOfDay(instant);
    if (options.alwaysOpen)
      return { session: 'open', istDate, minute, reason: null, holiday: null };
    const closed = closedReason(istDate);
    if (closed) {
      return {
        session: 'closed',
        istDate,
        minute,
        reason: closed,
        holiday: closed === 'holiday' ? byDate.get(istDate)! : null,
      };
    }
    if (minute < PRE_OPEN_MINUTE)
      return { session: 'closed', istDate, minute, reason: 'before_hours', holiday: null };
    if (minute < OPEN_MINUTE)
      return { session: 'pre_open', istDate, minute, reason: null, holiday: null };
    if (minute < CLOSE_MINUTE)
      return { session: 'open', istDate, minute, reason: null, holiday: null };
    return { session: 'closed', istDate, minute, reason: 'after_hours', holiday: null };
  }

  /** The next instant the normal market opens, strictly after `instant`'s session. */
  function nextOpen(instant: Date): Date | null {
    if (options.alwaysOpen) return null;
    const info = sessionAt(instant);
    let date = info.istDate;
    if (!isTradingDay(date) || info.minute >= OPEN_MINUTE) date = nextDate(date);
    for (let i = 0; i < 30 && !isTradingDay(date); i++) date = nextDate(date);
    return istInstant(date, OPEN_MINUTE);
  }

  /** The most recent trading date strictly before `istDate`. */
  function previousTradingDate(istDate: string): string {
    let date = previousDate(istDate);
    for (let i = 0; i < 30 && !isTradingDay(date); i++) date = previousDate(date);
    return date;
  }

  /** The last `count` trading dates up to and including `istDate` (if it is one), oldest first. */
  function tradingDatesUntil(istDate: string, count: number): string[] {
    const dates: string[] = [];
    let date = isTradingDay(istDate) ? istDate : previousTradingDate(istDate);
    while (dates.length < count) {
      dates.push(date);
      date = previousTradingDate(date);
    }
    return dates.reverse();
  }

  function status(instant: Date): TMarketStatus {
    const info = sessionAt(instant);
    return {
      session: info.session,
      reason: info.reason,
      holiday: info.holiday,
      next_open: info.session === 'open' ? null : (nextOpen(instant)?.toISOString() ?? null),
      always_open: options.alwaysOpen,
      now: instant.toISOString(),
    };
  }

  return { sessionAt, nextOpen, isTradingDay, previousTradingDate, tradingDatesUntil, status };
}

export type MarketCalendar = ReturnType<typeof createCalendar>;
