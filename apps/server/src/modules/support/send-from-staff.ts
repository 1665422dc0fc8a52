/**
 * An agent writes. Idempotent by id; the author is audited; an unassigned conversation
 * becomes the author's; their reply answers the client's waiting messages.
 */
import { eq } from 'drizzle-orm';
import { SM, type TChatMessage } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { afterCommit, inTransaction } from '../../platform/transaction.ts';
import { noticeSql } from '../notifications/service.ts';
import type { ConversationDeps, StaffSend } from './conversation-deps.ts';
import { lockConversation, messageViews } from './conversation-reads.ts';
import { supportConversations as conv, supportMessages as msg } from './tables.ts';
import type { ConversationRow, MessageRow } from './views.ts';

type Author = { staffId: string; ip?: string };

/**
 * A repeated id: the first send's row when the content is the same (the repeat is answered,
 * not stored), 400 when it differs or belongs to someone else's conversation.
 */
function sameSend(
  existing: MessageRow,
  conversationId: string,
  expected: { authorType: 'client' | 'staff'; body: string; imageUploadId: string | null },
) {
  if (
    existing.conversationId !== conversationId ||
    existing.authorType !== expected.authorType ||
    existing.body !== expected.body ||
    existing.imageUploadId !== expected.imageUploadId
  )
    throw badRequest(SM.idReused);
}

async function insertMessage(
  tx: Tx,
  c: ConversationRow,
  values: {
    id: string;
    authorType: 'client' | 'staff';
    authorStaffId: string | null;
    body: string;
    imageUploadId: string | null;
  },
  now: Date,
) {
  const seq = c.lastSeq + 1;
  try {
    // A savepoint: a duplicate key from another conversation must not abort the transaction.
    const [row] = await tx.transaction((sp) =>
      sp
        .insert(msg)
        .values({ ...values, conversationId: c.id, seq, createdAt: now })
        .returning(),
    );
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(SM.idReused);
    throw error;
  }
}

/** The message stored and the conversation moved on: answered, read, assigned if it was not. */
async function storeStaffMessage(
  tx: Tx,
  c: ConversationRow,
  input: StaffSend,
  author: Author,
  now: Date,
) {
  const row = await insertMessage(
    tx,
    c,
    {
      id: input.id,
      authorType: 'staff',
      authorStaffId: author.staffId,
      body: input.text,
      imageUploadId: null,
    },
    now,
  );
  const [updated] = await tx
    .update(conv)
    .set({
      lastSeq: row.seq,
      lastMessageAt: now,
      waitingSince: null,
      staffReadSeq: row.seq,
      staffDeliveredSeq: row.seq,
      assigneeId: c.assigneeId ?? author.staffId,
    })
    .where(eq(conv.id, c.id))
    .returning();
  return { row, updated: updated! };
}

/** The audit rows (the message, and the assignment a first reply makes) and the bell's notice. */
async function recordStaffMessage(
  tx: Tx,
  c: ConversationRow,
  row: MessageRow,
  input: StaffSend,
  { actor, author, now }: { actor: Actor; author: Author; now: Date },
) {
  await recordAudit(tx, actor, {
    action: 'support.message',
    subjectType: 'support_message',
    subjectId: row.id,
    after: {
      conversation_id: c.id,
      client_id: c.clientId,
      canned_reply_id: input.canned_reply_id ?? null,
      text: input.text,
    },
  });
  if (!c.assigneeId)
    await recordAudit(tx, actor, {
      action: 'support.assign',
      subjectType: 'support_conversation',
      subjectId: c.id,
      before: { assignee_id: null },
      after: { assignee_id: author.staffId, by: 'first reply' },
    });
  // The client is told in the bell too, for when the chat is closed: one notice while
  // they have not read the chat (its id names the read point), marked read when they do.
  for (const statement of noticeSql({
    clientId: c.clientId,
    kind: 'support.reply',
    subjectType: 'support_conversation',
    subjectId: c.id,
    at: now,
    occurrence: String(c.clientReadSeq),
  }))
    await tx.execute(statement);
}

/** Once committed: the message, and the read mark replying makes, to everyone watching. */
function announceAfterCommit(
  tx: Tx,
  events: ConversationDeps['events'],
  c: ConversationRow,
  message: TChatMessage,
  advisorId: string | null,
) {
  const base = { type: 'chat' as const, conversation_id: c.id, client_id: c.clientId };
  afterCommit(tx, () => {
    events.publish({
      clientId: c.clientId,
      advisorId,
      frame: { ...base, event: 'message', message },
    });
    // Replying reads what the client wrote before it.
    if (c.lastSeq > c.staffReadSeq)
      events.publish({
        clientId: c.clientId,
        advisorId,
        frame: { ...base, event: 'read', by: 'staff', seq: c.lastSeq },
      });
  });
}

export async function sendFromStaff(
  deps: ConversationDeps,
  conversationId: string,
  input: StaffSend,
  author: Author,
  assertVisible: (c: ConversationRow, executor: Executor) => Promise<void>,
): Promise<{ message: TChatMessage; duplicate: boolean }> {
  const now = deps.clock.now();
  const actor: Actor = { type: 'staff', id: author.staffId, ip: author.ip };
  return inTransaction(deps.db, async (tx) => {
    const c = await lockConversation(tx, conversationId);
    await assertVisible(c, tx);
    const [existing] = await tx.select().from(msg).where(eq(msg.id, input.id));
    if (existing) {
      sameSend(existing, c.id, { authorType: 'staff', body: input.text, imageUploadId: null });
      if (existing.authorStaffId !== author.staffId) throw badRequest(SM.idReused);
      return { message: (await messageViews(deps, [existing], c, tx))[0]!, duplicate: true };
    }
    if (c.status === 'closed') throw conflict(SM.closedReopenFirst);
    const { row, updated } = await storeStaffMessage(tx, c, input, author, now);
    await recordStaffMessage(tx, c, row, input, { actor, author, now });
    const message = (await messageViews(deps, [row], updated, tx))[0]!;
    const advisorId = await deps.advisorOf(c.clientId, tx);
    announceAfterCommit(tx, deps.events, c, message, advisorId);
    return { message, duplicate: false };
  });
}
