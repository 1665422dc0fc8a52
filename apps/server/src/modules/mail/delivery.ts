/**
 * The delivery pass the leader runs: claim what is due (skipping rows another pass holds),
 * send each outside any transaction, and record how it went — the leased outbox of
 * `platform/outbox.ts`. A sender that dies mid-send leaves the row `sending` until
 * `next_attempt_at`, when a pass takes it back, so a message is never lost (it may, rarely, go
 * twice: SMTP has no exactly-once).
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { claimDue, type OutboxSteps, settle } from '../../platform/outbox.ts';
import { nextAttemptAfter, SENDING_LEASE_MS } from './backoff.ts';
import { mailOutbox } from './tables.ts';
import type { MailTransport } from './transport.ts';

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** The outbox's lifecycle as data: each step's guard is `status in (from)`. */
export const MAIL_TRANSITIONS = {
  claim: { from: ['queued', 'sending'], to: 'sending' },
  deliver: { from: ['sending'], to: 'sent' },
  retry: { from: ['sending'], to: 'queued' },
  fail: { from: ['sending'], to: 'failed' },
  requeue: { from: ['failed'], to: 'queued' },
} as const satisfies OutboxSteps<MailStatus> & Record<string, unknown>;

const BATCH = 20;

/** One pass: answers how many messages went out and how many failed this time. */
export async function deliverDue(deps: { db: Db; clock: Clock; transport: MailTransport }) {
  const { db, clock, transport } = deps;
  const claimed = await claimDue(db, mailOutbox, MAIL_TRANSITIONS, {
    now: clock.now(),
    leaseMs: SENDING_LEASE_MS,
    limit: BATCH,
  });
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      const as = await transport.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        body: row.body,
        html: row.html,
        attachments: row.attachments,
      });
      const at = clock.now();
      await settle(db, mailOutbox, MAIL_TRANSITIONS, row, at, {
        delivered: { sentAt: at, deliveredAs: as },
      });
      sent += 1;
    } catch (error) {
      const at = clock.now();
      await settle(db, mailOutbox, MAIL_TRANSITIONS, row, at, {
        error: error instanceof Error ? error.message : String(error),
        retryAt: nextAttemptAfter(row.attempts, at),
      });
      failed += 1;
    }
  }
  return { claimed: claimed.length, sent, failed };
}
