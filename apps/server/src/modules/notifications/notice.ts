/**
 * From a lifecycle step to the client's notification (decision 049): which steps a client is
 * told of, and the row each one writes — inside the step's own statement (transitions'
 * `record`), so the notification exists exactly when the step does — and, with the row, the
 * NOTIFY that takes it to the client's open app once the step commits.
 */
import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import { v5 as uuidV5 } from 'uuid';
import {
  isNotificationKind,
  type TClientNotification,
  type TNoticeDetail,
  type TNotificationKind,
} from '@sampada/shared';
import type { TransitionEvent } from '../../platform/transitions.ts';
import { clientNotifications } from './tables.ts';

/** Sampada's namespace for notification ids (RFC 9562 name-based UUIDs). */
const NOTIFICATION_NAMESPACE = '48677d6a-db65-4868-ad0d-85329f508788';

/**
 * The same (client, kind, subject) always names the same row: a name-based UUID of them, so a
 * replayed step writes nothing new. A kind that recurs on one subject (a loan's monthly
 * reminder) adds what tells its occurrences apart.
 */
export function notificationId(
  clientId: string,
  kind: string,
  subjectId: string,
  occurrence = '',
): string {
  return uuidV5(
    `${clientId}|${kind}|${subjectId}${occurrence ? `|${occurrence}` : ''}`,
    NOTIFICATION_NAMESPACE,
  );
}

/** The notification a step's event makes, or null when its client is not told of it. */
export function noticeOf(event: TransitionEvent): TClientNotification | null {
  if (!event.clientId || !isNotificationKind(event.action)) return null;
  return {
    id: notificationId(event.clientId, event.action, event.id),
    kind: event.action,
    subject_type: event.subject,
    subject_id: event.id,
    created_at: event.at,
    read_at: null,
    detail: event.notice ?? null,
  };
}

/** The rows the events' notices write; none when no event is one a client is told of. */
export function notificationsSql(events: readonly TransitionEvent[]): SQL[] {
  const notices = events.flatMap((event) => {
    const notice = noticeOf(event);
    return notice ? [{ notice, clientId: event.clientId! }] : [];
  });
  return noticesSql(notices);
}

/**
 * A notice that is not a lifecycle step (a loan's reminder, a margin call), written in the
 * caller's transaction. `occurrence` tells apart repeats of one kind on one subject.
 */
export function noticeSql(input: {
  clientId: string;
  kind: TNotificationKind;
  subjectType: string;
  subjectId: string;
  at: Date;
  occurrence: string;
  /** The figures it tells (decision 056). */
  detail?: TNoticeDetail | null;
}): SQL[] {
  const notice: TClientNotification = {
    id: notificationId(input.clientId, input.kind, input.subjectId, input.occurrence),
    kind: input.kind,
    subject_type: input.subjectType,
    subject_id: input.subjectId,
    created_at: input.at.toISOString(),
    read_at: null,
    detail: input.detail ?? null,
  };
  return noticesSql([{ notice, clientId: input.clientId }]);
}

/**
 * Marks read a subject's unread notices of one kind, in the caller's executor: what the client
 * has seen elsewhere (the chat's replies, read in the open chat) does not wait in the bell.
 */
export const noticesReadSql = (input: {
  clientId: string;
  kind: TNotificationKind;
  subjectId: string;
  at: Date;
}): SQL =>
  sql`update ${clientNotifications} set read_at = ${input.at.toISOString()}::timestamptz
    where ${and(
      eq(clientNotifications.clientId, input.clientId),
      eq(clientNotifications.kind, input.kind),
      eq(clientNotifications.subjectId, input.subjectId),
      isNull(clientNotifications.readAt),
    )}`;

/** The channel every instance LISTENs on (service.ts `deliver`). */
export const NOTICE_CHANNEL = 'client_notice';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more with an error, which would roll back
 * the writer's step for the sake of a toast. A notice is a few hundred bytes; one that is not (a
 * pledge sale of very many lines) is told by its id and client alone, and the listener reads it.
 */
const NOTIFY_PAYLOAD_LIMIT = 8000;

/**
 * The payload told for each inserted row, in the insert's RETURNING: a conflicting (replayed)
 * row returns nothing, so only a new row is told, and PostgreSQL sends it only if the writer's
 * transaction commits. RETURNING is evaluated even where the insert rides another statement as
 * an unread CTE (transitions' `record`): a data-modifying CTE always runs to completion.
 */
const told = sql`returning pg_notify(${NOTICE_CHANNEL}, (
      select case when octet_length(n.payload) < ${NOTIFY_PAYLOAD_LIMIT} then n.payload
                  else json_build_object('client_id', client_id, 'id', id)::text end
      from (select json_build_object('client_id', client_id, 'id', id, 'kind', kind,
              'subject_type', subject_type, 'subject_id', subject_id, 'created_at', created_at,
              'detail', detail)::text as payload) as n))`;

function noticesSql(notices: { notice: TClientNotification; clientId: string }[]): SQL[] {
  if (notices.length === 0) return [];
  const column = <T>(pick: (n: (typeof notices)[number]) => T) => sql.param(notices.map(pick));
  return [
    sql`insert into ${clientNotifications} (id, client_id, kind, subject_type, subject_id, created_at, detail)
    select u.id, u.client_id, u.kind, u.subject_type, u.subject_id, u.created_at, u.detail::jsonb
    from unnest(${column((n) => n.notice.id)}::uuid[], ${column((n) => n.clientId)}::uuid[],
                ${column((n) => n.notice.kind)}::text[], ${column((n) => n.notice.subject_type)}::text[],
                ${column((n) => n.notice.subject_id)}::text[], ${column((n) => n.notice.created_at)}::timestamptz[],
                ${column((n) => (n.notice.detail ? JSON.stringify(n.notice.detail) : null))}::text[])
      as u(id, client_id, kind, subject_type, subject_id, created_at, detail)
    on conflict (id) do nothing
    ${told}`,
  ];
}
