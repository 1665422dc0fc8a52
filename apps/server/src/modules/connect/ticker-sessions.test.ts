/**
 * A ticker socket ends with its session: the official `KiteTicker` sees its socket closed
 * (4401) within 2 seconds of a logout, staff disabling the app, the firm switching the API off
 * and the 06:00 IST expiry — and, with two instances on one bus, a logout through one closes
 * the socket on the other. The positive signal is the client's own close event.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KiteTicker } from 'kiteconnect';
import type { TApiAppWithSecret } from '@sampada/shared';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import { system } from '../funds/test-fixtures.ts';
import { trader } from '../trading/test-fixtures.ts';
import { connectWorld, type ConnectWorld, createApiApp, signedInKite } from './test-fixtures.ts';
import { SESSION_ENDED_CLOSE } from './ticker-sessions.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** The brief's bound: every open ticker of an ended session is closed within this. */
const CLOSE_DEADLINE_MS = 2_000;

let world: ConnectWorld;
let t: TestApp;

beforeAll(async () => {
  world = await connectWorld();
  ({ t } = world);
});
afterAll(async () => world?.close());

/** A client of its own (each may keep 5 apps), its app, and the official client signed in. */
async function signedIn(on: TestApp = t) {
  const client = await trader(on, 0);
  const app = await createApiApp(on, client, { redirect_url: world.receiver.url });
  const { kite, session } = await signedInKite(on, client, app, world.receiver);
  return { client, app, kite, accessToken: session.access_token };
}

/**
 * The official ticker connected to `on`; `closed` settles with the close code. The client
 * keeps one socket in module state, so a test opens one at a time and waits for its close.
 */
async function openTicker(on: TestApp, app: TApiAppWithSecret, accessToken: string) {
  const ticker = new KiteTicker({
    api_key: app.api_key,
    access_token: accessToken,
    root: `${on.baseUrl.replace('http', 'ws')}/connect/ws`,
    reconnect: false,
  } as never);
  let opened = false;
  const closed = new Promise<number>((resolve) => {
    // The typings call the argument a reason; the client passes the socket's CloseEvent.
    ticker.on('close', (event: unknown) => {
      if (opened) resolve((event as { code: number }).code);
    });
  });
  const connected = new Promise<void>((resolve) =>
    ticker.on('connect', () => {
      opened = true;
      resolve();
    }),
  );
  ticker.connect();
  await connected;
  return { ticker, closed };
}

/** The close code, or a failure once the deadline has passed without one. */
function closedWithin(closed: Promise<number>, ms = CLOSE_DEADLINE_MS) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`ticker still open ${ms} ms later`)), ms);
  });
  return Promise.race([closed, late]).finally(() => clearTimeout(timer));
}

describe('ticker sockets end with their session', () => {
  it('a logout (DELETE /session/token) closes the open ticker', async () => {
    const { app, kite, accessToken } = await signedIn();
    const { closed } = await openTicker(t, app, accessToken);
    t.clock.advance(1000);
    await kite.invalidateAccessToken(accessToken);
    expect(await closedWithin(closed)).toBe(SESSION_ENDED_CLOSE);
  });

  it('staff disabling the app closes its ticker', async () => {
    const { app, accessToken } = await signedIn();
    const { closed } = await openTicker(t, app, accessToken);
    await t.ctx.connect.apps.setDisabled(app.id, true, system);
    expect(await closedWithin(closed)).toBe(SESSION_ENDED_CLOSE);
  });

  it('the firm switching the API off closes every ticker', async () => {
    const { app, accessToken } = await signedIn();
    const { closed } = await openTicker(t, app, accessToken);
    await t.ctx.settings.update('trading_api', { enabled: false }, system);
    try {
      expect(await closedWithin(closed)).toBe(SESSION_ENDED_CLOSE);
    } finally {
      await t.ctx.settings.update('trading_api', { enabled: true }, system);
    }
  });

  it('the 06:00 IST expiry closes the ticker at that time', async () => {
    const { app, accessToken } = await signedIn();
    const { closed } = await openTicker(t, app, accessToken);
    const [row] = await sqlRows<{ expires_at: string | Date }>(
      t,
      `select expires_at from connect_tokens where kind = 'access' order by created_at desc limit 1`,
    );
    t.clock.set(new Date(new Date(row!.expires_at).getTime() + 1000));
    expect(await closedWithin(closed)).toBe(SESSION_ENDED_CLOSE);
  });
});

describe.skipIf(!process.env.REDIS_URL)('with two instances on one bus', () => {
  it('a logout through one instance closes the ticker open on the other', async () => {
    const two = await buildTestApp({ sharing: t, env: { MARKET_ALWAYS_OPEN: 'true' } });
    try {
      two.clock.set(t.clock.now());
      await two.ctx.bus.whenSubscribed();
      const { app, kite, accessToken } = await signedIn();
      const { closed } = await openTicker(two, app, accessToken);
      t.clock.advance(1000);
      await kite.invalidateAccessToken(accessToken);
      expect(await closedWithin(closed)).toBe(SESSION_ENDED_CLOSE);
    } finally {
      await two.close();
    }
  });
});
