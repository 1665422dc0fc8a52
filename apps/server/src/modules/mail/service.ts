/**
 * Outgoing mail (decision 031). Other modules call `enqueue` inside the transaction of the
 * change a message reports, so the message exists exactly when the change does; the leader's
 * job (`startJobs`) delivers it. Nothing on a request path waits for SMTP.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { TOutbox, TOutboxMessage } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Clock, MINUTE } from '../../platform/clock.ts';
import { everyPass } from '../../platform/outbox.ts';
import { deliverDue, MAIL_TRANSITIONS, type MailStatus } from './delivery.ts';
import { enqueueMessages, type MailMessage } from './enqueue.ts';
import { messageBody } from './message-body.ts';
import { mailOutbox, type MailRow } from './tables.ts';
import type { MailTransport } from './transport.ts';

export type { MailMessage } from './enqueue.ts';

/** SEBI: a contract note reaches the client within 24 hours; later, the console flags it. */
const OVERDUE_AFTER_MS = 24 * 60 * MINUTE;

function outboxView(row: MailRow, now: Date): TOutboxMessage {
  return {
    id: row.id,
    purpose: row.purpose,
    to: row.toAddress,
    subject: row.subject,
    status: row.status as MailStatus,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    last_error: row.lastError,
    attachments: row.attachments.map((a) => a.filename),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    overdue: row.status !== 'sent' && now.getTime() - row.createdAt.getTime() > OVERDUE_AFTER_MS,
  };
}

export function createMailService(deps: { db: Db; clock: Clock; transport: MailTransport }) {
  const { db, clock, transport } = deps;

  const enqueueMany = (executor: Executor, messages: MailMessage[]) =>
    enqueueMessages(clock, executor, messages);
  const enqueue = async (executor: Executor, message: MailMessage): Promise<string> =>
    (await enqueueMany(executor, [message]))[0]!;

  const deliver = () => deliverDue({ db, clock, transport });

  /** The leader's job: a pass every `everyMs`; a pass never overlaps the one before. */
  const startJobs = (everyMs: number, log: (message: string, error: unknown) => void) =>
    everyPass(everyMs, deliver, log, 'mail delivery');

  return {
    enqueue,
    enqueueMany,
    deliverDue: deliver,
    startJobs,
    transportKind: transport.kind,
    close: () => transport.close(),

    /** The console's outbox: the latest messages, with counts by status. */
    async outbox(filter: { status?: MailStatus; limit: number }): Promise<TOutbox> {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(filter.status ? eq(mailOutbox.status, filter.status) : undefined)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(filter.limit);
      const tallies = await db
        .select({ status: mailOutbox.status, n: count() })
        .from(mailOutbox)
        .groupBy(mailOutbox.status);
      const counts = { queued: 0, sending: 0, sent: 0, failed: 0 };
      for (const t of tallies) counts[t.status as MailStatus] = t.n;
      const now = clock.now();
      return { counts, transport: transport.kind, items: rows.map((r) => outboxView(r, now)) };
    },

    /** A client's messages of one purpose, newest first (what they were sent, and when). */
    async sentTo(clientId: string, purpose: string) {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.clientId, clientId), eq(mailOutbox.purpose, purpose)))
        .orderBy(desc(mailOutbox.createdAt));
      const now = clock.now();
      return rows.map((r) => outboxView(r, now));
    },

    /** One message's text for operations (withheld when it holds a one-time code). */
    messageBody: (id: string) => messageBody(db, id),

    /** The outbox rows of some messages, by id (a delivery run's view). */
    async byIds(ids: string[]): Promise<Map<string, TOutboxMessage>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      const now = clock.now();
      return new Map(rows.map((r) => [r.id, outboxView(r, now)]));
    },

    /** Operations send a failed message again (after fixing the address or the server). */
    async requeue(id: string): Promise<boolean> {
      const moved = await db
        .update(mailOutbox)
        .set({
          status: MAIL_TRANSITIONS.requeue.to,
          attempts: 0,
          nextAttemptAt: clock.now(),
        })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, MAIL_TRANSITIONS.requeue.from[0])))
        .returning({ id: mailOutbox.id });
      return moved.length > 0;
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
