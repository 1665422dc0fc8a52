/**
 * The allotment run, once, after bidding closes: at the upper price (retail bids are at
 * cut-off), by `allot`; each application is filled for its lots or refunded in full.
 */
import { eq } from 'drizzle-orm';
import { paiseNumber, type TAllotmentResult, type TChargeSchedule } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import { allot, newSeed } from './allotment.ts';
import type { IpoDeps } from './ipo-deps.ts';
import { IPO } from './ipo-transitions.ts';
import { awaitingApplications } from './orders.ts';
import { ipoIssues, type orders } from './tables.ts';
import type { IpoRow } from './views.ts';

export async function allotIpo(
  deps: IpoDeps,
  id: string,
  seedInput: string | undefined,
  options: { actor: Actor; transaction?: TransactionRunner },
): Promise<TAllotmentResult> {
  const { db, clock } = deps;
  const schedule: TChargeSchedule = await deps.charges.current();
  const transaction = options.transaction ?? plainTransaction(db);
  return transaction(async (tx) => {
    let summary: TAllotmentResult | undefined;
    await applyTransition(tx, IPO, 'allot', {
      id,
      at: clock.now(),
      set: { allottedAt: clock.now() },
      async effect(issue) {
        const applications = await awaitingApplications(tx, id);
        const seed = (seedInput ?? newSeed()).toLowerCase();
        const lotsOffered = Math.floor(issue.sharesOffered / issue.lotSize);
        const result = allot(
          lotsOffered,
          applications.map((a) => ({ id: a.id, lots: a.lots! })),
          seed,
        );
        const price = issue.priceHighPaise;
        const { allotments, refunded } = await settleApplications(deps, tx, {
          issue,
          applications,
          lotsOf: result.lots,
          schedule,
        });
        summary = {
          ipo_id: id,
          seed,
          method: result.method,
          issue_price_paise: paiseNumber(price),
          lots_offered: lotsOffered,
          lots_applied: applications.reduce((s, a) => s + a.lots!, 0),
          applicants: applications.length,
          allotted_applicants: allotments.filter((a) => a.lots_allotted > 0).length,
          lots_allotted: allotments.reduce((s, a) => s + a.lots_allotted, 0),
          refunded_paise: paiseNumber(refunded),
          allotments,
        };
        const [row] = await tx
          .update(ipoIssues)
          .set({
            issuePricePaise: price,
            allotmentSeed: seed,
            allotment: summary,
            closedAt: issue.closedAt ?? clock.now(),
          })
          .where(eq(ipoIssues.id, id))
          .returning();
        return row;
      },
      audit: {
        actor: options.actor,
        details: () => ({
          seed: summary!.seed,
          method: summary!.method,
          lotsAllotted: summary!.lots_allotted,
          refunded: String(summary!.refunded_paise),
        }),
      },
      events: deps.events,
    });
    return summary!;
  });
}

/**
 * Fills each application for the lots the draw gave it at the upper price, or releases its
 * hold in full; the refund is what was blocked and not spent.
 */
async function settleApplications(
  deps: IpoDeps,
  tx: Tx,
  run: {
    issue: IpoRow;
    applications: (typeof orders.$inferSelect)[];
    lotsOf: ReadonlyMap<string, number>;
    schedule: TChargeSchedule;
  },
): Promise<{ allotments: TAllotmentResult['allotments']; refunded: bigint }> {
  const { clients, execution } = deps;
  const { issue, applications, schedule } = run;
  const price = issue.priceHighPaise;
  let refunded = 0n;
  const people = await clients.refsOf(
    applications.map((a) => a.clientId),
    tx,
  );
  const allotments: TAllotmentResult['allotments'] = [];
  for (const application of applications) {
    const lots = run.lotsOf.get(application.id) ?? 0;
    if (lots === 0) {
      refunded += application.holdPaise;
      await execution.release(
        tx,
        application,
        'rejected',
        'Not allotted; the blocked amount is released.',
      );
    } else {
      const { order } = await execution.fill(tx, application, {
        quantity: lots * issue.lotSize,
        pricePaise: price,
        final: true,
        schedule,
      });
      refunded += application.holdPaise - price * BigInt(lots * issue.lotSize);
      await clients.countTrade(tx, order.clientId);
    }
    allotments.push({
      order_id: application.id,
      client_uid: people.get(application.clientId)?.uid ?? '',
      lots_applied: application.lots!,
      lots_allotted: lots,
    });
  }
  return { allotments, refunded };
}
