/** Reading a conversation: locked for a write, its messages as views, a page, unread counts. */
import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import { SM } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { ConversationDeps } from './conversation-deps.ts';
import { supportConversations as conv, supportMessages as msg } from './tables.ts';
import { type ConversationRow, type MessageRow, messageView } from './views.ts';

type ViewDeps = Pick<ConversationDeps, 'db' | 'staff' | 'imageUrl'>;

async function agentNames(
  staff: ConversationDeps['staff'],
  rows: MessageRow[],
  executor: Executor,
) {
  const names = await staff.namesOf(
    rows.map((r) => r.authorStaffId),
    executor,
  );
  return new Map([...names].map(([id, s]) => [id, s.name]));
}

export async function messageViews(
  { db, staff, imageUrl }: ViewDeps,
  rows: MessageRow[],
  c: ConversationRow,
  executor: Executor = db,
) {
  const names = await agentNames(staff, rows, executor);
  return rows.map((r) => messageView(r, c, names, imageUrl));
}

export async function lockConversation(tx: Tx, id: string): Promise<ConversationRow> {
  const [row] = await tx.select().from(conv).where(eq(conv.id, id)).for('update');
  if (!row) throw notFound(SM.conversationNotFound);
  return row;
}

/** A page of messages, oldest first, before `before` (a sequence number). */
export async function messagePage(
  deps: ViewDeps,
  c: ConversationRow,
  before: number | undefined,
  limit: number,
) {
  const rows = await deps.db
    .select()
    .from(msg)
    .where(and(eq(msg.conversationId, c.id), before ? lt(msg.seq, before) : undefined))
    .orderBy(desc(msg.seq))
    .limit(limit + 1);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit).reverse();
  return {
    items: await messageViews(deps, shown, c),
    next_before: more && shown[0] ? shown[0].seq : null,
  };
}

/** Messages by the other side after `readSeq`: the reader's unread count. */
export async function unreadFor(
  executor: Executor,
  conversationId: string,
  author: 'client' | 'staff',
  readSeq: number,
) {
  const [row] = await executor
    .select({ n: count() })
    .from(msg)
    .where(
      and(eq(msg.conversationId, conversationId), eq(msg.authorType, author), gt(msg.seq, readSeq)),
    );
  return row?.n ?? 0;
}
