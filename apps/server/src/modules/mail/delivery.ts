/**
 * The delivery pass the leader runs: claim what is due (skipping rows another pass holds),
 * send each outside any transaction, and record how it went. A claim is a lease: a sender
 * that dies mid-send leaves the row `sending` until `next_attempt_at`, when a pass takes it
 * back, so a message is never lost (it may, rarely, go twice: SMTP has no exactly-once).
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addMs, type Clock } from '../../platform/clock.ts';
import type { Transition } from '../../platform/transitions.ts';
import { nextAttemptAfter, SENDING_LEASE_MS } from './backoff.ts';
import { mailOutbox, type MailRow } from './tables.ts';
import type { MailTransport } from './transport.ts';

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** The outbox's lifecycle as data: each step's guard is `status in (from)`. */
export const MAIL_TRANSITIONS = {
  claim: { from: ['queued', 'sending'], to: 'sending' },
  deliver: { from: ['sending'], to: 'sent' },
  retry: { from: ['sending'], to: 'queued' },
  fail: { from: ['sending'], to: 'failed' },
  requeue: { from: ['failed'], to: 'queued' },
} as const satisfies Record<string, Transition<MailStatus>>;

const BATCH = 20;

async function claimDue(db: Db, now: Date): Promise<MailRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, MAIL_TRANSITIONS.claim.from),
        lte(mailOutbox.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      status: MAIL_TRANSITIONS.claim.to,
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: addMs(now, SENDING_LEASE_MS),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Records one attempt's outcome, guarded on the claim it made (status and attempt number). */
async function settle(db: Db, row: MailRow, at: Date, outcome: { as: string } | { error: string }) {
  const guard = and(
    eq(mailOutbox.id, row.id),
    inArray(mailOutbox.status, MAIL_TRANSITIONS.deliver.from),
    eq(mailOutbox.attempts, row.attempts),
  );
  if ('as' in outcome) {
    await db
      .update(mailOutbox)
      .set({ status: MAIL_TRANSITIONS.deliver.to, sentAt: at, deliveredAs: outcome.as })
      .where(guard);
    return;
  }
  const next = nextAttemptAfter(row.attempts, at);
  await db
    .update(mailOutbox)
    .set({
      status: next ? MAIL_TRANSITIONS.retry.to : MAIL_TRANSITIONS.fail.to,
      nextAttemptAt: next ?? at,
      lastError: outcome.error.slice(0, 500),
    })
    .where(guard);
}

/** One pass: answers how many messages went out and how many failed this time. */
export async function deliverDue(deps: { db: Db; clock: Clock; transport: MailTransport }) {
  const { db, clock, transport } = deps;
  const claimed = await claimDue(db, clock.now());
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      const as = await transport.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        body: row.body,
        attachments: row.attachments,
      });
      await settle(db, row, clock.now(), { as });
      sent += 1;
    } catch (error) {
      await settle(db, row, clock.now(), {
        error: error instanceof Error ? error.message : String(error),
      });
      failed += 1;
    }
  }
  return { claimed: claimed.length, sent, failed };
}
