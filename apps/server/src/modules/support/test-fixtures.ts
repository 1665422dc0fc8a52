/** Helpers for the support chat's tests: sends, sockets that collect frames, waits. */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { TChatMessage, TInboxConversation } from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';

export const CHAT = '/chat/app/v1';
export const INBOX = '/console/api/v1/support';

export const sendAsClient = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.api.post<{ message: TChatMessage; duplicate: boolean }>(
    `${CHAT}/messages`,
    { id: randomUUID(), ...body },
    token,
  );

export const replyAsStaff = (
  t: TestApp,
  token: string,
  conversationId: string,
  body: Record<string, unknown>,
) =>
  t.api.post<{ message: TChatMessage; duplicate: boolean }>(
    `${INBOX}/conversations/${conversationId}/messages`,
    { id: randomUUID(), ...body },
    token,
  );

/** The conversation of a client, as the inbox lists it (as an admin sees it). */
export async function conversationOf(t: TestApp, staffToken: string, clientId: string) {
  for (const filter of ['open', 'closed']) {
    const list = await t.api.get<{ items: TInboxConversation[] }>(
      `${INBOX}/conversations?filter=${filter}&limit=100`,
      staffToken,
    );
    const found = list.body.data.items.find((c) => c.client_id === clientId);
    if (found) return found;
  }
  throw new Error('no conversation');
}

export type Frames = { socket: WebSocket; frames: Record<string, unknown>[]; close(): void };

/** A signed-in socket: the quotes socket for a client, the console socket for staff. */
export function openSocket(baseUrl: string, path: string, token: string): Promise<Frames> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}${path}`);
    const frames: Record<string, unknown>[] = [];
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as Record<string, unknown>;
      frames.push(frame);
      if (frame.type === 'ready') resolve({ socket, frames, close: () => socket.close() });
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('error', reject);
    socket.on('close', (code) => reject(new Error(`closed ${code}`)));
  });
}

export async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const chatFrames = (f: Frames, event: string) =>
  f.frames.filter((x) => x.type === 'chat' && x.event === event) as (Record<string, unknown> & {
    message?: TChatMessage;
  })[];
