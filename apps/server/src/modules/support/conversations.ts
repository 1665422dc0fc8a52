/**
 * The chat's write side and the client's reads: sending (client and staff), history, read
 * marks. Every send locks the client's conversation row, so sequence numbers are gap-free and
 * in order, a repeated id finds its first row, and the per-client rate count is exact across
 * instances (it counts stored messages, not requests). A client's send is one database call
 * (client-send.ts), since it is the busiest write of the chat.
 */
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  BUILTIN_CHAT_SERVICE,
  SM,
  type TChatHistory,
  type TChatMessage,
  type TChatSend,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { applyTransition, lifecycle } from '../../platform/transitions.ts';
import { afterCommit, inTransaction } from '../../platform/transaction.ts';
import { noticeSql, noticesReadSql } from '../notifications/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { UploadService } from '../uploads/service.ts';
import type { SupportEvents } from './events.ts';
import { isOpenNow } from './office-hours.ts';
import { supportConversations as conv, supportMessages as msg } from './tables.ts';
import { type ConversationRow, type MessageRow, messageView } from './views.ts';
import { storeClientMessage } from './client-send.ts';
import { externalChatScript } from './external-chat.ts';

export const CONVERSATION = lifecycle({
  name: 'support_conversation',
  subject: 'support_conversation',
  table: conv,
  state: { field: 'status' },
  transitions: {
    close: { from: ['open'], to: 'closed' },
    reopen: { from: ['closed'], to: 'open' },
  },
  refuse: (action, current: 'open' | 'closed' | null) =>
    current === null
      ? notFound(SM.conversationNotFound)
      : conflict(action === 'close' ? SM.alreadyClosed : SM.alreadyOpen),
});

type Deps = {
  db: Db;
  clock: Clock;
  staff: StaffService;
  uploads: UploadService;
  settings: SettingsService;
  events: SupportEvents;
  /** The client's advisor; inside a transaction pass it, so no second connection is taken. */
  advisorOf: (clientId: string, executor?: Executor) => Promise<string | null>;
};

export type StaffSend = { id: string; text: string; canned_reply_id?: string | null | undefined };

/** Chat images are served through short-lived signed links, relative to the app's origin. */
export const imageLinker = (uploads: UploadService) => (uploadId: string) =>
  uploads.signedUrl('', uploadId);

export function createConversations(deps: Deps) {
  const { db, clock, staff, uploads, settings, events } = deps;
  const imageUrl = imageLinker(uploads);

  async function agentNames(rows: MessageRow[], executor: Executor = db) {
    const names = await staff.namesOf(
      rows.map((r) => r.authorStaffId),
      executor,
    );
    return new Map([...names].map(([id, s]) => [id, s.name]));
  }

  async function views(rows: MessageRow[], c: ConversationRow, executor: Executor = db) {
    const names = await agentNames(rows, executor);
    return rows.map((r) => messageView(r, c, names, imageUrl));
  }

  async function lockConversation(tx: Tx, id: string): Promise<ConversationRow> {
    const [row] = await tx.select().from(conv).where(eq(conv.id, id)).for('update');
    if (!row) throw notFound(SM.conversationNotFound);
    return row;
  }

  /** A page of messages, oldest first, before `before` (a sequence number). */
  async function page(c: ConversationRow, before: number | undefined, limit: number) {
    const rows = await db
      .select()
      .from(msg)
      .where(and(eq(msg.conversationId, c.id), before ? lt(msg.seq, before) : undefined))
      .orderBy(desc(msg.seq))
      .limit(limit + 1);
    const more = rows.length > limit;
    const shown = rows.slice(0, limit).reverse();
    return {
      items: await views(shown, c),
      next_before: more && shown[0] ? shown[0].seq : null,
    };
  }

  /** Messages by the other side after `readSeq`: the reader's unread count. */
  async function unreadFor(
    conversationId: string,
    author: 'client' | 'staff',
    readSeq: number,
    executor: Executor = db,
  ) {
    const [row] = await executor
      .select({ n: count() })
      .from(msg)
      .where(
        and(
          eq(msg.conversationId, conversationId),
          eq(msg.authorType, author),
          gt(msg.seq, readSeq),
        ),
      );
    return row?.n ?? 0;
  }

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

  return {
    CONVERSATION,
    views,
    unreadFor,
    lockConversation,

    /** The client's view: their conversation's state, desk hours and a page of history. */
    async history(
      clientId: string,
      query: { before?: number | undefined; limit: number },
    ): Promise<TChatHistory> {
      const all = await settings.all();
      const [c] = await db.select().from(conv).where(eq(conv.clientId, clientId));
      const agent = c?.assigneeId ? (await staff.namesOf([c.assigneeId])).get(c.assigneeId) : null;
      const conversation = {
        status: c ? (c.status as 'open' | 'closed') : ('none' as const),
        agent_name: agent?.name ?? null,
        unread: c ? await unreadFor(c.id, 'staff', c.clientReadSeq) : 0,
        office_hours: all.chat.office_hours,
        open_now: isOpenNow(all.chat.office_hours, clock.now()),
        reply_minutes: all.chat.reply_minutes,
        service: all.chat_service ?? BUILTIN_CHAT_SERVICE,
        script_url: externalChatScript(all),
      };
      if (!c) return { conversation, items: [], next_before: null };
      return { conversation, ...(await page(c, query.before, query.limit)) };
    },

    /**
     * The client writes. Idempotent by id; 20 stored messages a minute at most. One round trip
     * to the database function (migration 0021) stores it; only a closed conversation takes a
     * transaction, to reopen it with its audit row before the same function stores the message.
     * `advisorId` is read with the session (the route's client row), so the bus event needs no
     * query of its own.
     */
    async sendFromClient(
      client: { id: string; advisorId: string | null },
      input: Required<Pick<TChatSend, 'id'>> & {
        text: string;
        image_url?: string | null | undefined;
      },
      actor: Actor,
    ): Promise<{ message: TChatMessage; duplicate: boolean }> {
      // Resolved before the message is written: a link that is not the client's own upload is
      // a 400 and nothing is written.
      let imageUploadId: string | null = null;
      if (input.image_url) {
        const upload = await uploads.ownedUploadFromUrl(client.id, input.image_url);
        if (!upload) throw badRequest(SM.imageNotYours);
        imageUploadId = upload.id;
      }
      const now = clock.now();
      const send = { id: input.id, clientId: client.id, body: input.text, imageUploadId, now };
      let sent = await storeClientMessage(db, send);
      if (sent.outcome === 'closed')
        sent = await inTransaction(db, async (tx) => {
          const c = await lockConversation(tx, sent.conversationId);
          if (c.status === 'closed')
            await applyTransition(tx, CONVERSATION, 'reopen', {
              id: c.id,
              at: now,
              set: { closedAt: null },
              audit: { actor, details: () => ({ by: 'client message' }) },
            });
          return storeClientMessage(tx, send);
        });
      const message = messageView(sent.row, sent.marks, new Map(), imageUrl);
      if (sent.outcome === 'stored')
        events.publish({
          clientId: client.id,
          advisorId: client.advisorId,
          frame: {
            type: 'chat',
            event: 'message',
            conversation_id: sent.conversationId,
            client_id: client.id,
            message,
          },
        });
      return { message, duplicate: sent.outcome === 'duplicate' };
    },

    /**
     * An agent writes. Idempotent by id; the author is audited; an unassigned conversation
     * becomes the author's; their reply answers the client's waiting messages.
     */
    async sendFromStaff(
      conversationId: string,
      input: StaffSend,
      author: { staffId: string; ip?: string },
      assertVisible: (c: ConversationRow, executor: Executor) => Promise<void>,
    ): Promise<{ message: TChatMessage; duplicate: boolean }> {
      const now = clock.now();
      const actor: Actor = { type: 'staff', id: author.staffId, ip: author.ip };
      return inTransaction(db, async (tx) => {
        const c = await lockConversation(tx, conversationId);
        await assertVisible(c, tx);
        const [existing] = await tx.select().from(msg).where(eq(msg.id, input.id));
        if (existing) {
          sameSend(existing, c.id, { authorType: 'staff', body: input.text, imageUploadId: null });
          if (existing.authorStaffId !== author.staffId) throw badRequest(SM.idReused);
          return { message: (await views([existing], c, tx))[0]!, duplicate: true };
        }
        if (c.status === 'closed') throw conflict(SM.closedReopenFirst);
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
        const message = (await views([row], updated!, tx))[0]!;
        const advisorId = await deps.advisorOf(c.clientId, tx);
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
        return { message, duplicate: false };
      });
    },

    /** The client's one conversation's id, or null before their first message. */
    async idOf(clientId: string): Promise<string | null> {
      const [c] = await db.select({ id: conv.id }).from(conv).where(eq(conv.clientId, clientId));
      return c?.id ?? null;
    },

    /** The client has read staff messages up to `seq` (never past the newest, never back). */
    async readByClient(clientId: string, seq: number) {
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
          advisorId: await deps.advisorOf(clientId),
          frame: {
            type: 'chat',
            event: 'read',
            conversation_id: c.id,
            client_id: clientId,
            by: 'client',
            seq: readSeq,
          },
        });
      return { read_seq: readSeq, unread: await unreadFor(c.id, 'staff', readSeq) };
    },

    /** An agent has fetched (`delivered`) or read (`read`) client messages up to `seq`. */
    async markByStaff(c: ConversationRow, seq: number, read: boolean) {
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
      const advisorId = await deps.advisorOf(c.clientId);
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
    },

    page,
  };
}

export type Conversations = ReturnType<typeof createConversations>;
