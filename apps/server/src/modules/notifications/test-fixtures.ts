/** Helpers for the notifications' tests: a client's app socket that keeps the notices it hears. */
import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import WebSocket from 'ws';
import type { TClientNotification, TClientNotifications, TNoticeDetail } from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';
import { noticeSql } from './notice.ts';

export type NoticeSocket = {
  socket: WebSocket;
  /** Every notice frame heard so far, in order. */
  notices: () => TClientNotification[];
  close: () => void;
};

/** The notice of one record in the client's list (GET /client/app/v1/notifications). */
export async function noticeOf(t: TestApp, who: { token: string }, subjectId: string) {
  const reply = await t.api.get<TClientNotifications>('/client/app/v1/notifications', who.token);
  return reply.body.data.items.filter((n) => n.subject_id === subjectId);
}

/** The client's app socket, signed in, with every frame it hears. */
export async function socketOf(t: TestApp, who: { token: string }): Promise<NoticeSocket> {
  const socket = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws/app/v1`);
  const frames: { type: string; notification?: TClientNotification }[] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token: who.token }));
  await vi.waitFor(() => expect(frames.some((f) => f.type === 'ready')).toBe(true));
  const notices = () => frames.filter((f) => f.type === 'notification').map((f) => f.notification!);
  return { socket, notices, close: () => socket.close() };
}

/** A notice written as a writer outside a lifecycle writes one (`noticeSql`), in `db`. */
export async function writeNotice(
  db: Pick<TestApp['ctx']['db'], 'execute'>,
  clientId: string,
  options: { at?: Date; detail?: TNoticeDetail } = {},
) {
  const subjectId = randomUUID();
  for (const statement of noticeSql({
    clientId,
    kind: 'support.reply',
    subjectType: 'support_conversation',
    subjectId,
    at: options.at ?? new Date(),
    occurrence: '',
    detail: options.detail ?? null,
  }))
    await db.execute(statement);
  return subjectId;
}

/** The subjects of the notices `writeNotice` wrote that a socket heard, in order. */
export const written = (socket: NoticeSocket) =>
  socket
    .notices()
    .filter((n) => n.kind === 'support.reply')
    .map((n) => n.subject_id);

/**
 * Proves a socket heard nothing meant for another client: a notice of its own, written now,
 * arrives (notices reach a socket in their commits' order), and all it heard before it is its
 * own KYC approval, written as the test made the client (possibly heard once the socket opened).
 */
export async function heardOnlyItsOwn(t: TestApp, socket: NoticeSocket, clientId: string) {
  const own = await writeNotice(t.ctx.db, clientId);
  await vi.waitFor(() => expect(written(socket)).toContain(own));
  const others = socket.notices().filter((n) => n.subject_id !== clientId);
  expect(others.map((n) => n.subject_id)).toEqual([own]);
}
