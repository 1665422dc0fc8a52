/**
 * The client's notifications (decision 049): written by the steps themselves (notice.ts, via
 * transitions' `record` or `noticeSql`), read and marked here, and sent live — the row's insert
 * NOTIFYs, and every instance LISTENs and hands each notice to the client's socket if it holds
 * one. One path for every kind, whoever wrote it and on whichever instance.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  NOTIFICATIONS_SHOWN,
  type TClientNotification,
  type TClientNotifications,
  type TNotificationKind,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { listenOn } from '../../platform/pg-listener.ts';
import type { Market } from '../market/service.ts';
import { NOTICE_CHANNEL } from './notice.ts';

/** For other modules' events that are notices but not lifecycle steps (a loan's reminder). */
export { noticeSql, noticesReadSql } from './notice.ts';
import { clientNotifications, type NotificationRow } from './tables.ts';

const view = (row: NotificationRow): TClientNotification => ({
  id: row.id,
  kind: row.kind as TNotificationKind,
  subject_type: row.subjectType,
  subject_id: row.subjectId,
  created_at: row.createdAt.toISOString(),
  read_at: row.readAt?.toISOString() ?? null,
  detail: row.detail ?? null,
});

/** The listener's application_name in pg_stat_activity. */
export const NOTICE_LISTENER = 'sampada notices';

/** What notice.ts's NOTIFY says: the row as JSON, or its id alone when that would be too long. */
type Told = { client_id: string; id: string } & Partial<{
  kind: TNotificationKind;
  subject_type: string;
  subject_id: string;
  created_at: string;
  detail: TClientNotification['detail'];
}>;

/** The row as the list shows it; null when the payload is the id alone (read the row). */
const toldNotice = (told: Told): TClientNotification | null =>
  told.kind
    ? {
        id: told.id,
        kind: told.kind,
        subject_type: told.subject_type!,
        subject_id: told.subject_id!,
        // PostgreSQL's JSON of a timestamptz is in the session's zone; the API speaks UTC ISO.
        created_at: new Date(told.created_at!).toISOString(),
        read_at: null,
        detail: told.detail ?? null,
      }
    : null;

export function createNotificationService(deps: {
  db: Db;
  clock: Clock;
  live: Pick<Market['live'], 'sendToClient'>;
}) {
  const { db, clock } = deps;
  const mine = (clientId: string) => eq(clientNotifications.clientId, clientId);

  async function list(clientId: string): Promise<TClientNotifications> {
    const [rows, [unread]] = await Promise.all([
      db
        .select()
        .from(clientNotifications)
        .where(mine(clientId))
        .orderBy(desc(clientNotifications.createdAt), desc(clientNotifications.id))
        .limit(NOTIFICATIONS_SHOWN),
      db
        .select({ n: count() })
        .from(clientNotifications)
        .where(and(mine(clientId), isNull(clientNotifications.readAt))),
    ]);
    return { items: rows.map(view), unread: unread?.n ?? 0 };
  }

  async function markRead(clientId: string): Promise<{ marked: number }> {
    const marked = await db
      .update(clientNotifications)
      .set({ readAt: clock.now() })
      .where(and(mine(clientId), isNull(clientNotifications.readAt)))
      .returning({ id: clientNotifications.id });
    return { marked: marked.length };
  }

  async function byId(id: string): Promise<TClientNotification | null> {
    const [row] = await db.select().from(clientNotifications).where(eq(clientNotifications.id, id));
    return row ? view(row) : null;
  }

  async function tell(payload: string) {
    const told = JSON.parse(payload) as Told;
    const notice = toldNotice(told) ?? (await byId(told.id));
    if (notice)
      deps.live.sendToClient(told.client_id, { type: 'notification', notification: notice });
  }

  /**
   * Every instance: each committed notice to the client's socket, if this instance holds it, on
   * a connection of its own to `databaseUrl` (reconnecting with backoff; a notice written while
   * it reconnects reaches the app by the list's 30 s poll instead).
   */
  function deliver(databaseUrl: string, log?: (message: string, error?: unknown) => void) {
    return listenOn(
      databaseUrl,
      NOTICE_CHANNEL,
      (payload) =>
        void tell(payload).catch((error: unknown) => log?.('notification delivery failed', error)),
      { applicationName: NOTICE_LISTENER, log },
    );
  }

  return { list, markRead, deliver };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
