/**
 * The trading window (docs/decisions/004-pin-trading-window.md): one full argon2id PIN check
 * lets the session's orders for 15 minutes check their PIN against a keyed HMAC instead. The
 * slow path is observed by spying on verifySecret, never by timing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiMessage, M, md5, type TAuthData } from '@sampada/shared';
import { MINUTE } from '../../platform/clock.ts';
import * as crypto from '../../platform/crypto.ts';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import { namedStatementsDuring } from '../../test/named-statements.ts';
import { PIN_WINDOW_MS } from '../clients/service.ts';
import { addCard, keyed, type MoneyClient } from '../funds/test-fixtures.ts';
import { openMarketApp, placeOrder, trader } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const BUY = { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20 } as const;

const orderWithPin = (c: MoneyClient, pin: string) =>
  t.api.post('/trade/app/v1/orders', { ...BUY, pin }, c.token, keyed());

const windowsOf = async (clientId: string) =>
  (
    await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from pin_windows where client_id = '${clientId}'`,
    )
  )[0]!.n;

/** Counts full (argon2id) PIN verifications from here on. */
const slowChecks = () => vi.spyOn(crypto, 'verifySecret');

describe('the trading window', () => {
  it("a market buy's guard reads the session, the client and the window in one statement; its checks read none again", async () => {
    const c = await trader(t);
    expect((await placeOrder(t, c, BUY)).status).toBe(200); // opens the window
    const sent = await namedStatementsDuring(async () => {
      expect((await placeOrder(t, c, BUY)).status).toBe(200);
    });
    expect(sent.get('auth_live_session_trader')).toBe(1);
    expect(sent.get('auth_live_session')).toBeUndefined();
    expect(sent.get('client_and_pin_window')).toBeUndefined();
  });

  it('one full PIN check opens it; later orders in it pass with the right PIN without the slow hash', async () => {
    const c = await trader(t);
    const slow = slowChecks();
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(await windowsOf(c.id)).toBe(1);

    slow.mockClear();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(MINUTE);
      expect((await placeOrder(t, c, BUY)).status).toBe(200);
    }
    expect(slow).not.toHaveBeenCalled();
  });

  it('closes after 15 minutes: the next order verifies in full and opens a new window', async () => {
    const c = await trader(t);
    const session = await signIn(c);
    const order = (token: string) =>
      t.api.post('/trade/app/v1/orders', { ...BUY, pin: c.pin }, token, keyed());
    expect((await order(session.access_token)).status).toBe(200);
    const slow = slowChecks();
    t.clock.advance(PIN_WINDOW_MS - 1);
    // The access token lives 15 minutes too: the same session, refreshed.
    const refreshed = await t.api.post<TAuthData>(
      '/auth/app/v1/refresh',
      undefined,
      session.refresh_token,
    );
    const token = refreshed.body.data.access_token;
    expect((await order(token)).status).toBe(200);
    expect(slow).not.toHaveBeenCalled();
    t.clock.advance(1);
    expect((await order(token)).status).toBe(200);
    expect(slow).toHaveBeenCalledTimes(1);
    expect((await order(token)).status).toBe(200);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it('a PIN checked by pin/verify opens it too', async () => {
    const c = await trader(t);
    expect((await t.api.post('/client/app/v1/pin/verify', { pin: c.pin }, c.token)).status).toBe(
      200,
    );
    const slow = slowChecks();
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    expect(slow).not.toHaveBeenCalled();
  });

  it('refuses a wrong PIN inside it and counts it; the fifth locks PIN actions and closes it', async () => {
    const c = await trader(t);
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    const slow = slowChecks();
    const wrong = md5('000000');
    const first = await orderWithPin(c, wrong);
    expect(first.status).toBe(400);
    expect(first.body.message).toBe(ApiMessage.pinWrong(4));
    expect(slow).not.toHaveBeenCalled();
    // A right PIN resets the count, as a full check would.
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    for (const left of [4, 3, 2, 1]) {
      const reply = await orderWithPin(c, wrong);
      expect(reply.body.message).toBe(ApiMessage.pinWrong(left));
    }
    const fifth = await orderWithPin(c, wrong);
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(ApiMessage.pinLocked);
    expect(await windowsOf(c.id)).toBe(0);
    const locked = await placeOrder(t, c, BUY);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(ApiMessage.pinLocked);
    // Withdrawals and pin/verify meet the same lock.
    const verify = await t.api.post('/client/app/v1/pin/verify', { pin: c.pin }, c.token);
    expect(verify.status).toBe(429);
  });

  it('never spares withdrawals or bank-card changes a full PIN check', async () => {
    const c = await trader(t);
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    const slow = slowChecks();
    const card = await addCard(t, c);
    expect(slow).toHaveBeenCalledTimes(1);
    const withdrawal = await t.api.post(
      '/funds/app/v1/withdrawals',
      { amount: '1000', bank_card_id: card.id, pin: c.pin },
      c.token,
      keyed(),
    );
    expect(withdrawal.status).toBe(200);
    expect(slow).toHaveBeenCalledTimes(2);
  });

  it('is one per session: another session of the same client verifies in full', async () => {
    const c = await trader(t);
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    const other = await signIn(c);
    const slow = slowChecks();
    const reply = await t.api.post(
      '/trade/app/v1/orders',
      { ...BUY, pin: c.pin },
      other.access_token,
      keyed(),
    );
    expect(reply.status).toBe(200);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(await windowsOf(c.id)).toBe(2);
  });
});

async function signIn(c: MoneyClient): Promise<TAuthData> {
  const reply = await t.api.post<TAuthData>('/auth/app/v1/login', {
    username: c.mobile,
    password: md5(c.password),
  });
  expect(reply.status).toBe(200);
  return reply.body.data;
}

describe('what closes the trading window', () => {
  it('logout closes the session’s window; the client’s other sessions keep theirs', async () => {
    const c = await trader(t);
    const other = await signIn(c);
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    const otherOrder = await t.api.post(
      '/trade/app/v1/orders',
      { ...BUY, pin: c.pin },
      other.access_token,
      keyed(),
    );
    expect(otherOrder.status).toBe(200);
    expect(await windowsOf(c.id)).toBe(2);
    expect((await t.api.post('/auth/app/v1/logout', {}, other.access_token)).status).toBe(200);
    expect(await windowsOf(c.id)).toBe(1);
    const slow = slowChecks();
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    expect(slow).not.toHaveBeenCalled();
  });

  it('a password change closes every window of the client', async () => {
    const c = await trader(t);
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    const reply = await t.api.post(
      '/auth/app/v1/change_pwd',
      { old_password: md5(c.password), new_password: md5('another-secret-9') },
      c.token,
    );
    expect(reply.status).toBe(200);
    expect(await windowsOf(c.id)).toBe(0);
  });

  it('a PIN change closes it: the old PIN stops working at once, the new one is verified in full', async () => {
    const c = await trader(t);
    expect((await placeOrder(t, c, BUY)).status).toBe(200);
    await t.api.post('/client/app/v1/pwd_verify', { password: md5(c.password) }, c.token);
    const newPin = md5('975310');
    const set = await t.api.post('/client/app/v1/pin', { pin: newPin }, c.token);
    expect(set.body.message).toBe(M.pinSet);
    expect(await windowsOf(c.id)).toBe(0);

    const slow = slowChecks();
    const old = await orderWithPin(c, c.pin);
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(ApiMessage.pinWrong(4));
    expect((await orderWithPin(c, newPin)).status).toBe(200);
    expect(slow).toHaveBeenCalledTimes(2);
  });
});

describe('PIN hashes from before argon2id', () => {
  it('an old scrypt PIN hash still passes and is re-hashed to argon2id', async () => {
    const c = await trader(t);
    const old = await crypto.hashSecretScryptLegacy(c.pin);
    await t.ctx.db.execute(`update clients set pin_hash = '${old}' where id = '${c.id}'`);
    expect((await t.api.post('/client/app/v1/pin/verify', { pin: c.pin }, c.token)).status).toBe(
      200,
    );
    const row = await t.ctx.clients.byId(c.id);
    expect(row.pinHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await crypto.verifySecret(c.pin, row.pinHash!)).toBe(true);
  });
});
