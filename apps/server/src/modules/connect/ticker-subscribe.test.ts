/**
 * The official `KiteTicker` subscribes a connection's whole allowance (3,000 instruments) in one
 * message of ~33 kB: the server takes it and ticks the instruments it lists (the WebSocket
 * message limit was once 16 kB, which closed such a connection with 1009).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KiteTicker } from 'kiteconnect';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { moneyClient } from '../funds/test-fixtures.ts';
import { createApiApp, redirectReceiver, signedInKite } from './test-fixtures.ts';
import { INSTRUMENTS_MAX } from './ticker.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let receiver: Awaited<ReturnType<typeof redirectReceiver>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  receiver = await redirectReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('a ticker subscription of 3,000 instruments', () => {
  it('is one message the server takes, and its instruments tick', async () => {
    const c = await moneyClient(t);
    const app = await createApiApp(t, c, { redirect_url: receiver.url });
    const { session } = await signedInKite(t, c, app, receiver);
    const infy = t.ctx.connect.market.tokenOf('INFY')!;
    // INFY and tokens of the largest size (nothing is listed under them) up to the allowance.
    const tokens = [
      infy,
      ...Array.from({ length: INSTRUMENTS_MAX - 1 }, (_, i) => 2_000_000_001 + i),
    ];
    expect(JSON.stringify({ a: 'mode', v: ['full', tokens] }).length).toBeGreaterThan(32 * 1024);

    const ticker = new KiteTicker({
      api_key: app.api_key,
      access_token: session.access_token,
      root: `${t.baseUrl.replace('http', 'ws')}/connect/ws`,
    } as never);
    const full = new Promise<{ mode: string; last_price: number }>((resolve, reject) => {
      ticker.on(
        'ticks',
        (ticks: Array<{ instrument_token: number; mode: string; last_price: number }>) => {
          const tick = ticks.find((x) => x.instrument_token === infy && x.mode === 'full');
          if (tick) resolve(tick);
        },
      );
      ticker.on('disconnect', (error: unknown) => reject(new Error(`closed: ${String(error)}`)));
    });
    const connected = new Promise<void>((resolve) => ticker.on('connect', () => resolve()));
    ticker.autoReconnect(false, 0, 0);
    ticker.connect();
    await connected;
    ticker.subscribe(tokens);
    ticker.setMode('full', tokens);
    expect((await full).last_price).toBe(t.ctx.market.engine.state('INFY')!.last / 100);
    ticker.disconnect();
  });
});
