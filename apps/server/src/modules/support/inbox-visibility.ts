/**
 * What a viewer sees of the inbox: their scope (every conversation, or their own clients'),
 * a conversation only when in it (404 otherwise), and the list's rows as the console shows them.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { SM, type TInboxConversation, type TInboxFilter } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { InboxDeps } from './inbox-deps.ts';
import { supportConversations as conv, supportMessages as msg } from './tables.ts';
import type { ConversationRow } from './views.ts';

/**
 * Per-conversation subqueries. The outer columns are spelt out: inside a select list drizzle
 * writes a column without its table, which the subquery would read as its own.
 */
export const C = sql.raw('"support_conversations"');
const unreadSql = sql<number>`(select count(*)::int from ${msg} m where m.conversation_id = ${C}.id and m.author_type = 'client' and m.seq > ${C}.staff_read_seq)`;
const lastTextSql = sql<
  string | null
>`(select m.body from ${msg} m where m.conversation_id = ${C}.id and m.seq = ${C}.last_seq)`;
const lastImageSql = sql<boolean>`(select m.image_upload_id is not null from ${msg} m where m.conversation_id = ${C}.id and m.seq = ${C}.last_seq)`;

export const selection = {
  row: conv,
  unread: unreadSql,
  lastText: lastTextSql,
  lastImage: lastImageSql,
};

/** The viewer's scope as SQL: every conversation, or their own clients'. */
export const scope = (clients: InboxDeps['clients'], viewer: Viewer): SQL | undefined =>
  viewer.seesAdvisor === null
    ? undefined
    : inArray(conv.clientId, clients.idsOfAdvisor(viewer.seesAdvisor));

export const filterSql = (viewer: Viewer, filter: TInboxFilter): SQL | undefined => {
  if (filter === 'closed') return eq(conv.status, 'closed');
  if (filter === 'mine') return and(eq(conv.status, 'open'), eq(conv.assigneeId, viewer.staffId));
  if (filter === 'unassigned') return and(eq(conv.status, 'open'), isNull(conv.assigneeId));
  return eq(conv.status, 'open');
};

export async function listViews(
  { db, clients, staff }: Pick<InboxDeps, 'db' | 'clients' | 'staff'>,
  rows: (ConversationRow & {
    unread: number;
    lastText: string | null;
    lastImage: boolean | null;
  })[],
  executor: Executor = db,
): Promise<TInboxConversation[]> {
  const refs = await clients.refsOf(
    rows.map((r) => r.clientId),
    executor,
  );
  const names = await staff.namesOf(
    rows.map((r) => r.assigneeId),
    executor,
  );
  return rows.map((r) => {
    const ref = refs.get(r.clientId);
    return {
      id: r.id,
      client_id: r.clientId,
      client_name: ref?.name ?? null,
      client_uid: ref?.uid ?? '',
      status: r.status as 'open' | 'closed',
      assignee_id: r.assigneeId,
      assignee_name: r.assigneeId ? (names.get(r.assigneeId)?.name ?? null) : null,
      unread: Number(r.unread),
      waiting_since: r.waitingSince?.toISOString() ?? null,
      last_message_at: r.lastMessageAt.toISOString(),
      last_text: r.lastText ?? (r.lastImage ? '[image]' : ''),
    };
  });
}

/** The conversation if the viewer may see it; 404 otherwise (no hint that it exists). */
export async function visible(
  { db, clients }: Pick<InboxDeps, 'db' | 'clients'>,
  viewer: Viewer,
  id: string,
  executor: Executor = db,
) {
  const [row] = await executor
    .select(selection)
    .from(conv)
    .where(and(eq(conv.id, id), scope(clients, viewer)));
  if (!row) throw notFound(SM.conversationNotFound);
  return { ...row.row, unread: row.unread, lastText: row.lastText, lastImage: row.lastImage };
}

export async function conversationView(deps: InboxDeps, viewer: Viewer, id: string) {
  return (await listViews(deps, [await visible(deps, viewer, id)]))[0]!;
}
