/**
 * An app may keep 3 ticker connections open: a 4th handshake is refused (429) until one of
 * the three closes — on one instance, and across two instances sharing Redis, where the
 * slots are counted in one place and two admissions cannot both take the last one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { trader } from '../trading/test-fixtures.ts';
import { connectWorld, type ConnectWorld, createApiApp, signedInKite } from './test-fixtures.ts';
import { CONNECTIONS_MAX } from './ticker.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let world: ConnectWorld;
let t: TestApp;

beforeAll(async () => {
  world = await connectWorld();
  ({ t } = world);
});
afterAll(async () => world?.close());

async function signedInApp() {
  const client = await trader(t, 0);
  const app = await createApiApp(t, client, { redirect_url: world.receiver.url });
  const { session } = await signedInKite(t, client, app, world.receiver);
  return { apiKey: app.api_key, accessToken: session.access_token };
}

type Opened = { socket: WebSocket; status: 101 } | { socket: null; status: number };

/** A ticker handshake on `on`: the open socket, or the status it was refused with. */
function handshake(on: TestApp, who: { apiKey: string; accessToken: string }) {
  const url = `${on.baseUrl.replace('http', 'ws')}/connect/ws?api_key=${who.apiKey}&access_token=${who.accessToken}`;
  const socket = new WebSocket(url);
  return new Promise<Opened>((resolve, reject) => {
    socket.once('open', () => resolve({ socket, status: 101 }));
    socket.once('unexpected-response', (_request, response) =>
      resolve({ socket: null, status: response.statusCode ?? 0 }),
    );
    socket.once('error', reject);
  });
}

const closeAll = (opened: Opened[]) =>
  Promise.all(
    opened.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );

describe('3 ticker connections an app', () => {
  it('a 4th is refused with 429, and taken once one of the three has closed', async () => {
    const who = await signedInApp();
    const open: Opened[] = [];
    for (let i = 0; i < CONNECTIONS_MAX; i++) open.push(await handshake(t, who));
    expect(open.map((o) => o.status)).toEqual([101, 101, 101]);
    expect((await handshake(t, who)).status).toBe(429);
    await closeAll(open.slice(0, 1));
    // The slot is free once the server has seen the close: the next handshake is let in.
    const next = await vi.waitFor(
      async () => {
        const tried = await handshake(t, who);
        if (tried.status !== 101) throw new Error(`refused ${tried.status}`);
        return tried;
      },
      { timeout: 10_000, interval: 100 },
    );
    await closeAll([...open.slice(1), next]);
  });

  it.skipIf(!process.env.REDIS_URL)(
    'across two instances: 2 here and 1 there leave no 4th on either, even racing',
    async () => {
      const two = await buildTestApp({ sharing: t, env: { MARKET_ALWAYS_OPEN: 'true' } });
      try {
        two.clock.set(t.clock.now());
        const who = await signedInApp();
        const open = [await handshake(t, who), await handshake(t, who)];
        // Two handshakes at once for the last slot, one on each instance: one wins.
        const raced = await Promise.all([handshake(t, who), handshake(two, who)]);
        expect(raced.map((r) => r.status).sort()).toEqual([101, 429]);
        open.push(...raced);
        expect((await handshake(two, who)).status).toBe(429);
        expect((await handshake(t, who)).status).toBe(429);
        await closeAll(open);
      } finally {
        await two.close();
      }
    },
  );
});
