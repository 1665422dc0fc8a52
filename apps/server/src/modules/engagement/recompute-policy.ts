/**
 * What marks a client's standing stale and how its recomputations are paced (decision 034):
 * the events engagement watches, the engagement_due mark a step leaves, the reasons the score
 * history shows, and the queue's limits.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { TransitionEvent } from '../../platform/transitions.ts';
import { engagementDue } from './tables.ts';

/** Where newly earned achievements are announced: `{ clientId, codes }`. */
export const ACHIEVEMENT_CHANNEL = 'engagement:achievements';

/** The lifecycles whose steps change a client's standing (their events carry `clientId`). */
export const WATCHED = ['deposit', 'withdrawal', 'order', 'kyc', 'loan'] as const;

export const STAFF_POINTS_CAP = 20;

/**
 * At most this many clients are computed at once on one instance. A computation is ~17
 * statements holding one pooled connection at a time (trading's activity reads two at once)
 * and the pool has 10: two leave the money requests most of it, so a burst of events makes
 * engagement lag behind rather than take the connections and the CPU the requests need. Two
 * rather than one, so that one slow client (years of fills) does not hold up everyone else.
 */
export const RECOMPUTE_CONCURRENCY = 2;

/**
 * The most clients one computation takes (decision 076): the clients whose events wait when a
 * slot frees up are computed together, each read and write one statement for all of them, so
 * a burst of events for many clients costs a few computations. Fifty keeps a computation's
 * statements short (a few milliseconds at the status rows' locks) while a burst at the rate
 * the money requests reach is served in a handful.
 */
export const RECOMPUTE_MANY_MAX = 50;

/**
 * How long an event's computation gathers the client's later events before it starts (decision
 * 034): a console officer confirming a client's deposits one after another, or a burst of
 * fills, costs one computation instead of one each, even on an idle server.
 */
export const RECOMPUTE_GATHER_MS = 250;

/**
 * Every instance looks this often for clients marked stale (engagement_due) whose mark no
 * computation has cleared for STALE_AFTER_MS: a crash between a commit and its computation, a
 * bus message lost. Their events normally clear them within a second.
 */
export const SWEEP_EVERY_MS = 5_000;
export const STALE_AFTER_MS = 10_000;

/** The longest score-history reason a merged computation writes (its events' reasons). */
const MERGED_REASON_MAX = 200;

/**
 * The history's reason for a computation that served several events: their distinct reasons
 * in the order they arrived ("Deposit confirmed; Order filled"), the first always whole, the
 * rest while they fit, then how many more. One event (or many of one kind) reads as before.
 */
export function mergedReason(reasons: readonly string[]): string {
  let text = reasons[0] ?? 'Recomputed';
  let i = 1;
  for (; i < reasons.length; i++) {
    const rest = reasons.length - i - 1;
    const tail = rest ? `; +${rest} more` : '';
    if (text.length + 2 + reasons[i]!.length + tail.length > MERGED_REASON_MAX) break;
    text += `; ${reasons[i]}`;
  }
  return i < reasons.length ? `${text}; +${reasons.length - i} more` : text;
}

/** The history's words for what set a recomputation off: "Deposit confirmed", "Order filled". */
const SUBJECTS: Record<(typeof WATCHED)[number], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  order: 'Order',
  kyc: 'KYC',
  loan: 'Loan',
};
export const reasonOf = (name: (typeof WATCHED)[number], to: string) =>
  `${SUBJECTS[name]} ${to.replace(/_/g, ' ')}`;

const isWatched = (name: string): name is (typeof WATCHED)[number] =>
  (WATCHED as readonly string[]).includes(name);

/**
 * The durable mark a step leaves for engagement (decision 034): one engagement_due row per
 * client its watched events name, written by the step's own audit statement (transitions'
 * `record`), so it commits with the step. A client already marked is bumped (`asks`), keeping
 * its reasons (distinct, at most 20). Null when no event is one engagement watches.
 */
export function engagementDueSql(events: readonly TransitionEvent[]): SQL | null {
  const reasons = new Map<string, string>();
  for (const event of events) {
    const name = event.action.split('.')[0]!;
    if (event.clientId && isWatched(name) && !reasons.has(event.clientId))
      reasons.set(event.clientId, reasonOf(name, event.to));
  }
  if (reasons.size === 0) return null;
  return sql`insert into ${engagementDue} as d (client_id, reasons, asked_at)
    select u.client_id, array[u.reason], now()
    from unnest(${sql.param([...reasons.keys()])}::uuid[], ${sql.param([...reasons.values()])}::text[])
      as u(client_id, reason)
    on conflict (client_id) do update set asks = d.asks + 1, asked_at = excluded.asked_at,
      reasons = case when excluded.reasons[1] = any(d.reasons) or cardinality(d.reasons) >= 20
                     then d.reasons else d.reasons || excluded.reasons end`;
}
