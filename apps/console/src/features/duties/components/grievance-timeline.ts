import { asIstDay, GRIEVANCE_DAYS, istDayOf, istDaysBetween, isIstDay } from '@sampada/shared';
import type { TConsoleGrievance } from '@sampada/shared';

type TTimelineInput = Pick<TConsoleGrievance, 'status' | 'filed_at' | 'due_date' | 'resolved_at'>;

/**
 * Where a complaint stands on its 21-day timeline, in words: the days left or overdue while
 * it is open (against today in IST), and how many days it took once resolved.
 */
export function grievanceTimeline(g: TTimelineInput, today: string): string {
  if (!isIstDay(g.due_date) || !isIstDay(today)) return '';
  if (g.status === 'resolved' && g.resolved_at) {
    const took = istDaysBetween(istDayOf(new Date(g.filed_at)), istDayOf(new Date(g.resolved_at)));
    return `Resolved in ${took} ${took === 1 ? 'day' : 'days'} of ${GRIEVANCE_DAYS}`;
  }
  const left = istDaysBetween(asIstDay(today), asIstDay(g.due_date));
  if (left > 0) return `${left} ${left === 1 ? 'day' : 'days'} left of ${GRIEVANCE_DAYS}`;
  if (left === 0) return 'Due today';
  return `${-left} ${left === -1 ? 'day' : 'days'} overdue`;
}
