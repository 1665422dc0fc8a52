/** Read and delivered marks: the client's, and the agents' (never past the newest, never back). */
import { eq, sql } from 'drizzle-orm';
import { noticesReadSql } from '../notifications/service.ts';
import type { ConversationDeps } from './conversation-deps.ts';
import { unreadFor } from './conversation-reads.ts';
import { supportConversations as conv } from './tables.ts';
import type { ConversationRow } from './views.ts';

/** The client has read staff messages up to `seq` (never past the newest, never back). */
export async function readByClient(
  { db, clock, events, advisorOf }: ConversationDeps,
  clientId: string,
  seq: number,
) {
  const [c] = await db.select().from(conv).where(eq(conv.clientId, clientId));
  if (!c) return { read_seq: 0, unread: 0 };
  const [updated] = await db
    .update(conv)
    .set({
      clientReadSeq: sql`greatest(${conv.clientReadSeq}, least(${seq}, ${conv.lastSeq}))`,
    })
    .where(eq(conv.id, c.id))
    .returning();
  const readSeq = updated!.clientReadSeq;
  // Read in the open chat, the agents' replies need no notice waiting in the bell.
  if (readSeq >= updated!.lastSeq)
    await db.execute(
      noticesReadSql({ clientId, kind: 'support.reply', subjectId: c.id, at: clock.now() }),
    );
  if (readSeq > c.clientReadSeq)
    events.publish({
      clientId,
      advisorId: await advisorOf(clientId),
      frame: {
        type: 'chat',
        event: 'read',
        conversation_id: c.id,
        client_id: clientId,
        by: 'client',
        seq: readSeq,
      },
    });
  return { read_seq: readSeq, unread: await unreadFor(db, c.id, 'staff', readSeq) };
}

/** An agent has fetched (`delivered`) or read (`read`) client messages up to `seq`. */
export async function markByStaff(
  { db, events, advisorOf }: ConversationDeps,
  c: ConversationRow,
  seq: number,
  read: boolean,
) {
  const mark = (column: typeof conv.staffReadSeq | typeof conv.staffDeliveredSeq) =>
    sql`greatest(${column}, least(${seq}, ${conv.lastSeq}))`;
  const [updated] = await db
    .update(conv)
    .set(
      read
        ? {
            staffReadSeq: mark(conv.staffReadSeq),
            staffDeliveredSeq: mark(conv.staffDeliveredSeq),
          }
        : { staffDeliveredSeq: mark(conv.staffDeliveredSeq) },
    )
    .where(eq(conv.id, c.id))
    .returning();
  const after = updated!;
  const advisorId = await advisorOf(c.clientId);
  const base = { type: 'chat' as const, conversation_id: c.id, client_id: c.clientId };
  if (after.staffReadSeq > c.staffReadSeq)
    events.publish({
      clientId: c.clientId,
      advisorId,
      frame: { ...base, event: 'read', by: 'staff', seq: after.staffReadSeq },
    });
  else if (after.staffDeliveredSeq > c.staffDeliveredSeq)
    events.publish({
      clientId: c.clientId,
      advisorId,
      frame: { ...base, event: 'delivered', seq: after.staffDeliveredSeq },
    });
  return after;
}
