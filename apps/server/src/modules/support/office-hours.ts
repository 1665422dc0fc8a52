/** Whether the support desk answers now: office hours are IST weekdays and times. */
import type { TChatSettings } from '@sampada/shared';
import { IST_OFFSET_MS } from '../../platform/ist.ts';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function isOpenNow(hours: TChatSettings['office_hours'], now: Date): boolean {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const isoDay = ist.getUTCDay() === 0 ? 7 : ist.getUTCDay();
  if (!hours.days.includes(isoDay)) return false;
  const minute = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  // A desk open past midnight (22:00–06:00) wraps around.
  return open <= close ? minute >= open && minute < close : minute >= open || minute < close;
}
