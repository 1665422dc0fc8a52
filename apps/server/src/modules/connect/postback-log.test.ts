/**
 * An app's postback delivery log over real HTTP: its owner reads it newest first, in pages,
 * with the order's symbol and the event's status; another client's request is a 404, and a
 * cursor that was tampered with is a 400.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ConnectMessage,
  paiseToRupeeText,
  type TApiAppPostbacksPage,
  type TApiAppWithSecret,
} from '@sampada/shared';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import { moneyClient } from '../funds/test-fixtures.ts';
import { near, openMarketApp, placed, trader } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

const BASE = '/client/app/v1/api-apps';
const settings = {
  name: 'Log reader',
  redirect_url: 'https://bridge.example/callback',
  postback_url: 'https://bridge.example/postback',
  allowed_ips: ['203.0.113.7'],
};

/** A row as order-updates.ts claims it, `minutes` after a fixed start. */
async function logRow(
  appId: string,
  orderId: string,
  minutes: number,
  outcome: { event: string; status: string; attempts: number; error?: string; delivered?: boolean },
) {
  const at = new Date(Date.UTC(2026, 10, 30, 4, minutes)).toISOString();
  await sqlRows(
    t,
    `insert into connect_postbacks
       (id, app_id, order_id, event, status, attempts, last_error, created_at, delivered_at)
     values ('${randomUUID()}', '${appId}', '${orderId}', '${outcome.event}', '${outcome.status}',
       ${outcome.attempts}, ${outcome.error ? `'${outcome.error}'` : 'null'}, '${at}',
       ${outcome.delivered ? `'${at}'` : 'null'})`,
  );
}

describe('an app’s postback delivery log', () => {
  it('its owner reads it newest first, in pages, with the order’s symbol and status', async () => {
    const c = await trader(t, 200_000);
    const order = await placed(t, c, {
      type: 'limit',
      symbol: 'INFY',
      side: 'buy',
      quantity: 15,
      limit_price: paiseToRupeeText(near(t, 'INFY', 95)),
    });
    const app = (await t.api.post<TApiAppWithSecret>(BASE, { ...settings, pin: c.pin }, c.token))
      .body.data;
    const empty = await t.api.get<TApiAppPostbacksPage>(`${BASE}/${app.id}/postbacks`, c.token);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ items: [], next_cursor: null });

    await logRow(app.id, order.id, 0, {
      event: 'OPEN|2026-11-30 09:30:00|0',
      status: 'delivered',
      attempts: 2,
      delivered: true,
    });
    await logRow(app.id, order.id, 1, {
      event: 'CANCELLED|2026-11-30 09:31:00|0',
      status: 'failed',
      attempts: 9,
      error: 'HTTP 503',
    });
    await logRow(app.id, order.id, 2, {
      event: 'CANCELLED|2026-11-30 09:31:00|1',
      status: 'sending',
      attempts: 1,
    });

    const path = `${BASE}/${app.id}/postbacks`;
    const first = await t.api.get<TApiAppPostbacksPage>(`${path}?limit=2`, c.token);
    expect(first.status).toBe(200);
    expect(first.body.data.items).toEqual([
      {
        id: expect.any(String),
        order_id: order.id,
        tradingsymbol: 'INFY',
        order_status: 'CANCELLED',
        filled_quantity: 1,
        status: 'sending',
        attempts: 1,
        last_error: null,
        created_at: '2026-11-30T04:02:00.000Z',
        delivered_at: null,
      },
      expect.objectContaining({ status: 'failed', attempts: 9, last_error: 'HTTP 503' }),
    ]);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));

    const second = await t.api.get<TApiAppPostbacksPage>(
      `${path}?limit=2&cursor=${first.body.data.next_cursor}`,
      c.token,
    );
    expect(second.body.data.next_cursor).toBeNull();
    expect(second.body.data.items).toEqual([
      expect.objectContaining({
        order_status: 'OPEN',
        filled_quantity: 0,
        status: 'delivered',
        delivered_at: '2026-11-30T04:00:00.000Z',
      }),
    ]);
  });

  it('another client, an unknown app, a bad cursor and a bad limit are refused', async () => {
    const owner = await moneyClient(t);
    const other = await moneyClient(t);
    const app = (
      await t.api.post<TApiAppWithSecret>(BASE, { ...settings, pin: owner.pin }, owner.token)
    ).body.data;
    const path = `${BASE}/${app.id}/postbacks`;

    const stranger = await t.api.get(path, other.token);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(ConnectMessage.appNotFound);
    expect((await t.api.get(`${BASE}/${randomUUID()}/postbacks`, owner.token)).status).toBe(404);
    expect((await t.api.get(`${BASE}/not-a-uuid/postbacks`, owner.token)).status).toBe(400);
    expect((await t.api.get(path)).status).toBe(401);

    const forged = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    const badCursor = await t.api.get(`${path}?cursor=${forged}`, owner.token);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toBe('The list cursor is not valid. Reload the list.');
    expect((await t.api.get(`${path}?limit=0`, owner.token)).status).toBe(400);
    expect((await t.api.get(`${path}?limit=101`, owner.token)).status).toBe(400);
  });
});
