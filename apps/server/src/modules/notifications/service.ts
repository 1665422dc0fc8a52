/**
 * The client's notifications (decision 049): written by the steps themselves (notice.ts, via
 * transitions' `record`), read and marked here, and sent live — every instance hears the steps'
 * events on the bus and hands each notice to the client's socket if it holds one.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_SHOWN,
  type TClientNotification,
  type TClientNotifications,
  type TNotificationKind,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { type TransitionEvent, transitionChannel } from '../../platform/transitions.ts';
import type { Market } from '../market/service.ts';
import { noticeOf } from './notice.ts';

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

/** The lifecycles whose steps a client is told of: `deposit` of `deposit.confirm`. */
const LIFECYCLES = [...new Set(NOTIFICATION_KINDS.map((kind) => kind.split('.')[0]!))];

export function createNotificationService(deps: {
  db: Db;
  clock: Clock;
  bus: Pick<Bus, 'subscribe'>;
  live: Pick<Market['live'], 'sendToClient'>;
  log?: (message: string, error?: unknown) => void;
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

  /** Every instance: each step's notice to the client's socket, if this instance holds it. */
  function deliver() {
    const stops = LIFECYCLES.map((name) =>
      deps.bus.subscribe(transitionChannel(name), (message) => {
        try {
          const event = JSON.parse(message) as TransitionEvent;
          const notice = noticeOf(event);
          if (notice)
            deps.live.sendToClient(event.clientId!, { type: 'notification', notification: notice });
        } catch (error) {
          deps.log?.('notification delivery failed', error);
        }
      }),
    );
    return () => stops.forEach((stop) => stop());
  }

  return { list, markRead, deliver };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
