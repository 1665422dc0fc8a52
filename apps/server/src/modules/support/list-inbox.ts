import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { TInboxFilter } from '@sampada/shared';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { InboxDeps } from './inbox-deps.ts';
import { C, filterSql, listViews, scope, selection } from './inbox-visibility.ts';
import { supportConversations as conv, supportMessages as msg } from './tables.ts';

export async function listInbox(
  deps: InboxDeps,
  viewer: Viewer,
  query: { filter: TInboxFilter; cursor?: string | undefined; limit: number },
) {
  const after = decodeCursor(query.cursor, 2);
  const rows = await deps.db
    .select(selection)
    .from(conv)
    .where(
      and(
        scope(deps.clients, viewer),
        filterSql(viewer, query.filter),
        after
          ? or(
              lt(conv.lastMessageAt, new Date(after[0]!)),
              and(eq(conv.lastMessageAt, new Date(after[0]!)), lt(conv.id, after[1]!)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(conv.lastMessageAt), desc(conv.id))
    .limit(query.limit + 1);
  const flat = rows.map((r) => ({
    ...r.row,
    unread: r.unread,
    lastText: r.lastText,
    lastImage: r.lastImage,
  }));
  const page = pageOf(flat, query.limit, (r) => [r.lastMessageAt.toISOString(), r.id]);
  return { items: await listViews(deps, page.items), next_cursor: page.next_cursor };
}

/** The filters' sizes and how many conversations hold unread client messages. */
export async function inboxCounts(
  { db, clients }: Pick<InboxDeps, 'db' | 'clients'>,
  viewer: Viewer,
) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${conv.status} = 'open')::int`,
      mine: sql<number>`count(*) filter (where ${conv.status} = 'open' and ${conv.assigneeId} = ${viewer.staffId})::int`,
      unassigned: sql<number>`count(*) filter (where ${conv.status} = 'open' and ${conv.assigneeId} is null)::int`,
      closed: sql<number>`count(*) filter (where ${conv.status} = 'closed')::int`,
      unread_conversations: sql<number>`count(*) filter (where exists (select 1 from ${msg} m where m.conversation_id = ${C}.id and m.author_type = 'client' and m.seq > ${C}.staff_read_seq))::int`,
    })
    .from(conv)
    .where(scope(clients, viewer));
  return {
    open: Number(row?.open ?? 0),
    mine: Number(row?.mine ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
    closed: Number(row?.closed ?? 0),
    unread_conversations: Number(row?.unread_conversations ?? 0),
  };
}
