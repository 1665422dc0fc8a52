/**
 * The console's inbox: conversations by filter with unread counts and waiting time, one
 * thread, assignment, close and reopen, and the client's context beside the thread. An
 * advisor sees only their own clients' conversations (Viewer.seesAdvisor); a conversation
 * outside the viewer's scope answers 404, as if it did not exist.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  SM,
  type TClientContext,
  type TInboxConversation,
  type TInboxFilter,
  mayAccess,
  type TStaffRole,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { applyTransition } from '../../platform/transitions.ts';
import { afterCommit, inTransaction } from '../../platform/transaction.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import type { StaffService } from '../staff/service.ts';
import { CONVERSATION, type Conversations, type StaffSend } from './conversations.ts';
import type { SupportEvents } from './events.ts';
import { supportConversations as conv, supportMessages as msg } from './tables.ts';
import type { ConversationRow } from './views.ts';

/** What the client's context panel shows from other modules (wired in context.ts). */
export type ClientContextSource = {
  applications(clientId: string): Promise<TClientContext['open_applications']>;
  orders(clientId: string): Promise<TClientContext['recent_orders']>;
  funds(clientId: string): Promise<TClientContext['recent_funds']>;
};

/**
 * Per-conversation subqueries. The outer columns are spelt out: inside a select list drizzle
 * writes a column without its table, which the subquery would read as its own.
 */
const C = sql.raw('"support_conversations"');
const unreadSql = sql<number>`(select count(*)::int from ${msg} m where m.conversation_id = ${C}.id and m.author_type = 'client' and m.seq > ${C}.staff_read_seq)`;
const lastTextSql = sql<
  string | null
>`(select m.body from ${msg} m where m.conversation_id = ${C}.id and m.seq = ${C}.last_seq)`;
const lastImageSql = sql<boolean>`(select m.image_upload_id is not null from ${msg} m where m.conversation_id = ${C}.id and m.seq = ${C}.last_seq)`;

export function createInbox(deps: {
  db: Db;
  clock: Clock;
  clients: ClientService;
  staff: StaffService;
  conversations: Conversations;
  events: SupportEvents;
  context: ClientContextSource;
}) {
  const { db, clock, clients, staff, conversations, events } = deps;

  /** The viewer's scope as SQL: every conversation, or their own clients'. */
  const scope = (viewer: Viewer): SQL | undefined =>
    viewer.seesAdvisor === null
      ? undefined
      : inArray(conv.clientId, clients.idsOfAdvisor(viewer.seesAdvisor));

  const filterSql = (viewer: Viewer, filter: TInboxFilter): SQL | undefined => {
    if (filter === 'closed') return eq(conv.status, 'closed');
    if (filter === 'mine') return and(eq(conv.status, 'open'), eq(conv.assigneeId, viewer.staffId));
    if (filter === 'unassigned') return and(eq(conv.status, 'open'), isNull(conv.assigneeId));
    return eq(conv.status, 'open');
  };

  async function listViews(
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

  const selection = {
    row: conv,
    unread: unreadSql,
    lastText: lastTextSql,
    lastImage: lastImageSql,
  };

  /** The conversation if the viewer may see it; 404 otherwise (no hint that it exists). */
  async function visible(viewer: Viewer, id: string, executor: Executor = db) {
    const [row] = await executor
      .select(selection)
      .from(conv)
      .where(and(eq(conv.id, id), scope(viewer)));
    if (!row) throw notFound(SM.conversationNotFound);
    return { ...row.row, unread: row.unread, lastText: row.lastText, lastImage: row.lastImage };
  }

  const assertVisible = (viewer: Viewer) => async (c: ConversationRow, executor: Executor) => {
    await visible(viewer, c.id, executor);
  };

  async function conversationView(viewer: Viewer, id: string) {
    return (await listViews([await visible(viewer, id)]))[0]!;
  }

  return {
    async list(
      viewer: Viewer,
      query: { filter: TInboxFilter; cursor?: string | undefined; limit: number },
    ) {
      const after = decodeCursor(query.cursor, 2);
      const rows = await db
        .select(selection)
        .from(conv)
        .where(
          and(
            scope(viewer),
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
      return { items: await listViews(page.items), next_cursor: page.next_cursor };
    },

    /** The filters' sizes and how many conversations hold unread client messages. */
    async counts(viewer: Viewer) {
      const [row] = await db
        .select({
          open: sql<number>`count(*) filter (where ${conv.status} = 'open')::int`,
          mine: sql<number>`count(*) filter (where ${conv.status} = 'open' and ${conv.assigneeId} = ${viewer.staffId})::int`,
          unassigned: sql<number>`count(*) filter (where ${conv.status} = 'open' and ${conv.assigneeId} is null)::int`,
          closed: sql<number>`count(*) filter (where ${conv.status} = 'closed')::int`,
          unread_conversations: sql<number>`count(*) filter (where exists (select 1 from ${msg} m where m.conversation_id = ${C}.id and m.author_type = 'client' and m.seq > ${C}.staff_read_seq))::int`,
        })
        .from(conv)
        .where(scope(viewer));
      return {
        open: Number(row?.open ?? 0),
        mine: Number(row?.mine ?? 0),
        unassigned: Number(row?.unassigned ?? 0),
        closed: Number(row?.closed ?? 0),
        unread_conversations: Number(row?.unread_conversations ?? 0),
      };
    },

    /** One thread page; fetching it marks the client's messages delivered. */
    async thread(
      viewer: Viewer,
      id: string,
      query: { before?: number | undefined; limit: number },
    ) {
      let c: ConversationRow = await visible(viewer, id);
      if (!query.before && c.lastSeq > c.staffDeliveredSeq)
        c = await conversations.markByStaff(c, c.lastSeq, false);
      const page = await conversations.page(c, query.before, query.limit);
      return {
        conversation: await conversationView(viewer, id),
        ...page,
        client_read_seq: c.clientReadSeq,
      };
    },

    async read(viewer: Viewer, id: string, seq: number) {
      const c = await visible(viewer, id);
      await conversations.markByStaff(c, seq, true);
      return conversationView(viewer, id);
    },

    send(viewer: Viewer, id: string, input: StaffSend, ip?: string) {
      return conversations.sendFromStaff(
        id,
        input,
        { staffId: viewer.staffId, ip },
        assertVisible(viewer),
      );
    },

    async assign(viewer: Viewer, id: string, assigneeId: string | null, actor: Actor) {
      const c = await visible(viewer, id);
      if (assigneeId !== null) {
        const person = await staff.findById(assigneeId);
        const roles = (person?.roles ?? []) as TStaffRole[];
        const advisorId = (await clients.byId(c.clientId)).advisorId;
        const mayTake =
          !!person?.active &&
          (mayAccess(roles, 'everyClient') && mayAccess(roles, 'supportChat')
            ? true
            : roles.includes('advisor') && advisorId === person.id);
        if (!mayTake) throw badRequest(SM.assigneeInvalid);
      }
      await inTransaction(db, async (tx) => {
        const [before] = await tx.select().from(conv).where(eq(conv.id, id)).for('update');
        await tx.update(conv).set({ assigneeId }).where(eq(conv.id, id));
        await recordAudit(tx, actor, {
          action: 'support.assign',
          subjectType: 'support_conversation',
          subjectId: id,
          before: { assignee_id: before?.assigneeId ?? null },
          after: { assignee_id: assigneeId },
        });
        const advisorId = (await clients.byId(c.clientId, tx)).advisorId;
        afterCommit(tx, () =>
          events.publish({
            clientId: c.clientId,
            advisorId,
            frame: {
              type: 'chat',
              event: 'conversation',
              conversation_id: id,
              client_id: c.clientId,
              status: before!.status as 'open' | 'closed',
              assignee_id: assigneeId,
            },
          }),
        );
      });
      return conversationView(viewer, id);
    },

    async move(viewer: Viewer, id: string, action: 'close' | 'reopen', actor: Actor) {
      const c = await visible(viewer, id);
      const advisorId = (await clients.byId(c.clientId)).advisorId;
      await inTransaction(db, async (tx) => {
        const moved = await applyTransition(tx, CONVERSATION, action, {
          id,
          at: clock.now(),
          set: { closedAt: action === 'close' ? clock.now() : null },
          audit: { actor },
        });
        afterCommit(tx, () =>
          events.publish({
            clientId: c.clientId,
            advisorId,
            frame: {
              type: 'chat',
              event: 'conversation',
              conversation_id: id,
              client_id: c.clientId,
              status: moved.status as 'open' | 'closed',
              assignee_id: moved.assigneeId,
            },
          }),
        );
      });
      return conversationView(viewer, id);
    },

    /** The client beside the thread: identity, KYC, VIP, open loans, recent orders and funds. */
    async clientContext(viewer: Viewer, id: string): Promise<TClientContext> {
      const c = await visible(viewer, id);
      const client = await clients.byId(c.clientId);
      const advisor = client.advisorId
        ? (await staff.namesOf([client.advisorId])).get(client.advisorId)
        : undefined;
      const [applications, orders, funds] = await Promise.all([
        deps.context.applications(c.clientId),
        deps.context.orders(c.clientId),
        deps.context.funds(c.clientId),
      ]);
      return {
        client_id: client.id,
        name: client.name,
        uid: client.uid,
        mobile: client.mobile,
        vip: client.vip,
        kyc_status: client.kycStatus,
        advisor_name: advisor?.name ?? null,
        open_applications: applications,
        recent_orders: orders,
        recent_funds: funds,
      };
    },

    /** An agent typing: the client hears it with the agent's name. */
    async typing(viewer: Viewer, name: string, id: string) {
      const c = await visible(viewer, id);
      events.publish({
        clientId: c.clientId,
        advisorId: null,
        frame: {
          type: 'chat',
          event: 'typing',
          conversation_id: id,
          client_id: c.clientId,
          by: 'staff',
          agent_name: name,
        },
      });
    },

    /** Who may be assigned: active support agents and admins. */
    async agents() {
      const all = await staff.listStaff();
      return all
        .filter(
          (s) =>
            s.active &&
            mayAccess(s.roles as TStaffRole[], 'everyClient') &&
            mayAccess(s.roles as TStaffRole[], 'supportChat'),
        )
        .map((s) => ({ id: s.id, name: s.name, email: s.email }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
export type Inbox = ReturnType<typeof createInbox>;
