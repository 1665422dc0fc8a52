/** An IPO issue's steps and how its status is read, for `applyTransition`. */
import { sql } from 'drizzle-orm';
import { type TIpoStatus, TM } from '@sampada/shared';
import { conflict, notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { lifecycle, type Transition } from '../../platform/transitions.ts';
import { ipoIssues } from './tables.ts';

/** The steps operations (or the sweep, for listing) take; bidding opens and closes by date. */
export const IPO_TRANSITIONS: Record<'close' | 'allot' | 'list', Transition<TIpoStatus>> = {
  close: { from: ['upcoming', 'open'], to: 'closed' },
  allot: { from: ['closed'], to: 'allotted' },
  list: { from: ['allotted'], to: 'listed' },
};

/** An issue's status on the IST date of `at`, in SQL: `ipoStatus` of views.ts, case by case. */
const ipoStatusAt = (at: Date) => {
  const today = istDateOf(at);
  return sql`case
    when ${ipoIssues.listedAt} is not null then 'listed'
    when ${ipoIssues.allottedAt} is not null then 'allotted'
    when ${ipoIssues.withdrawnAt} is not null then 'withdrawn'
    when ${ipoIssues.closedAt} is not null or ${ipoIssues.closeDate} < ${today} then 'closed'
    when ${ipoIssues.openDate} <= ${today} then 'open'
    else 'upcoming' end`;
};

export const IPO = lifecycle({
  name: 'trading.ipo',
  subject: 'ipo',
  table: ipoIssues,
  state: { sql: ipoStatusAt },
  transitions: IPO_TRANSITIONS,
  refuse(step, current: TIpoStatus | null) {
    if (current === null) return notFound(TM.offeringNotFound);
    if (step === 'close') return conflict(TM.ipoNotOpen);
    if (step === 'allot')
      return conflict(
        current === 'allotted' || current === 'listed' ? TM.ipoAlreadyAllotted : TM.ipoNotClosed,
      );
    return conflict(current === 'listed' ? TM.ipoAlreadyListed : TM.ipoNotAllotted);
  },
});
