import { istInstant } from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import type { Market } from '../market/service.ts';

const DAY_MINUTES = 24 * 60;
const CLOSE_MINUTE = 15 * 60 + 30;

/** The end of the session an order placed now trades in (the next one after the close). */
export function sessionEnd(calendar: Market['calendar'], now: Date): Date {
  const info = calendar.sessionAt(now);
  const next = calendar.nextOpen(now);
  if (!next) return istInstant(info.istDate, DAY_MINUTES);
  const today = calendar.isTradingDay(info.istDate) && info.minute < CLOSE_MINUTE;
  const day = today ? info.istDate : istDateOf(next);
  return istInstant(day, CLOSE_MINUTE);
}
