/** Idempotency-Key on money-moving POSTs: required, replayed, bound to one request, per client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FM, type TBankCard, type TWithdrawalView } from '@sampada/shared';
import { canonicalJson, KEY_RETENTION_MS, requestHash } from '../../platform/idempotency.ts';
import {
  apiReference,
  buildTestApp,
  signInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import {
  addCard,
  balancesOf,
  fund,
  moneyClient,
  type MoneyClient,
  newKey,
  openDeposits,
} from './test-fixtures.ts';

let t: TestApp;
let c: MoneyClient;
let card: TBankCard;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  c = await moneyClient(t);
  await fund(t, c, 20000);
  card = await addCard(t, c);
});
afterAll(async () => t.close());

const withdraw = (client: MoneyClient, body: Record<string, unknown>, key?: string) =>
  t.api.post<TWithdrawalView>(
    '/funds/app/v1/withdrawals',
    body,
    client.token,
    key === undefined ? undefined : { 'idempotency-key': key },
  );

describe('Idempotency-Key', () => {
  it('is required on every money-moving POST, with a clear message', async () => {
    const posts: [string, unknown][] = [
      ['/funds/app/v1/withdrawals', { amount: 100, bank_card_id: card.id, pin: c.pin }],
      ['/funds/app/v1/deposits', { amount: 20000, method: 'UPI', utr: '123456789012' }],
      ['/funds/app/v1/deposits/00000000-0000-4000-8000-000000000000/cancel', {}],
      ['/funds/app/v1/withdrawals/00000000-0000-4000-8000-000000000000/cancel', {}],
    ];
    for (const [path, body] of posts) {
      const reply = await t.api.post(path, body, c.token);
      expect([path, reply.status, reply.body.message]).toEqual([
        path,
        400,
        FM.idempotencyKeyRequired,
      ]);
    }
    const bad = await withdraw(c, { amount: 100, bank_card_id: card.id, pin: c.pin }, 'has space');
    expect([bad.status, bad.body.message]).toEqual([400, FM.idempotencyKeyInvalid]);
    const long = await withdraw(
      c,
      { amount: 100, bank_card_id: card.id, pin: c.pin },
      'k'.repeat(256),
    );
    expect(long.body.message).toBe(FM.idempotencyKeyInvalid);
  });

  it('replays the first answer for the same request, marked as a replay, with one effect', async () => {
    const key = newKey();
    const body = { amount: '250.50', bank_card_id: card.id, pin: c.pin };
    const first = await withdraw(c, body, key);
    expect(first.status).toBe(200);
    // The same amount spelt another way is the same request.
    const again = await t.api.raw('/funds/app/v1/withdrawals', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${c.token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify({ pin: c.pin, bank_card_id: card.id, amount: 250.5 }),
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(first.body);
    expect((await balancesOf(t, c.id)).cash_on_hold).toBe(25_050n);
  });

  it('refuses the same key for a different request', async () => {
    const key = newKey();
    expect(
      (await withdraw(c, { amount: 100, bank_card_id: card.id, pin: c.pin }, key)).status,
    ).toBe(200);
    const other = await withdraw(c, { amount: 101, bank_card_id: card.id, pin: c.pin }, key);
    expect([other.status, other.body.message]).toEqual([422, FM.idempotencyKeyReused]);
    const elsewhere = await t.api.post(
      '/funds/app/v1/deposits',
      { amount: 20000, method: 'UPI', utr: '123456789012' },
      c.token,
      { 'idempotency-key': key },
    );
    expect(elsewhere.status).toBe(422);
  });

  it('does not keep a refused request: the key may be retried once the refusal is gone', async () => {
    const key = newKey();
    const body = { amount: 30000, bank_card_id: card.id, pin: c.pin };
    const refused = await withdraw(c, body, key);
    expect([refused.status, refused.body.message]).toEqual([400, FM.beyondBalance]);
    await fund(t, c, 20000);
    const retried = await withdraw(c, body, key);
    expect(retried.status).toBe(200);
    expect(retried.body.data.amount_paise).toBe(3_000_000);
  });

  it('belongs to one client: another client’s identical key is their own', async () => {
    const other = await moneyClient(t);
    await fund(t, other, 20000);
    const otherCard = await addCard(t, other);
    const key = newKey();
    const mine = await withdraw(c, { amount: 100, bank_card_id: card.id, pin: c.pin }, key);
    const theirs = await withdraw(
      other,
      { amount: 100, bank_card_id: otherCard.id, pin: other.pin },
      key,
    );
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    const [row] = await sqlRows<{ n: string }>(
      t,
      `select count(*)::text as n from idempotency_keys where key = '${key}'`,
    );
    expect(row!.n).toBe('2');
  });
});

describe('OpenAPI', () => {
  it('documents the funds calls and the Idempotency-Key header they need', async () => {
    const staff = await signInStaff(t, 'operations');
    const doc = await apiReference<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>(t, staff.token);
    for (const path of [
      '/stat/app/v1/asset',
      '/funds/app/v1/bank-cards',
      '/funds/app/v1/deposits',
      '/funds/app/v1/withdrawals',
      '/funds/app/v1/records',
      '/funds/app/v1/statement',
      '/console/api/v1/funds/deposits/{id}/confirm',
      '/console/api/v1/funds/reconciliation',
    ])
      expect(doc.paths, path).toHaveProperty([path]);
    const headers = doc.paths['/funds/app/v1/withdrawals']!.post!.parameters!.filter(
      (p) => p.in === 'header',
    );
    expect(headers.map((h) => h.name)).toContain('idempotency-key');
  });
});

describe('retention', () => {
  it('forgets keys after a day: the same key may then start a new request', async () => {
    const key = newKey();
    const first = await withdraw(c, { amount: 100, bank_card_id: card.id, pin: c.pin }, key);
    expect(first.status).toBe(200);
    expect(await t.ctx.idempotency.purgeExpired()).toBe(0);
    t.clock.advance(KEY_RETENTION_MS + 1000);
    expect(await t.ctx.idempotency.purgeExpired()).toBeGreaterThanOrEqual(1);
    const rows = await sqlRows(t, `select 1 from idempotency_keys where key = '${key}'`);
    expect(rows).toHaveLength(0);
  });
});

describe('request fingerprint', () => {
  it('ignores key order and spelling of the same values, not the values', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 1n, c: null }] })).toBe(
      '{"a":[2,{"c":null,"d":"1n"}],"b":1}',
    );
    expect(requestHash('post', '/x', { a: 1, b: 2 })).toBe(
      requestHash('POST', '/x', { b: 2, a: 1 }),
    );
    expect(requestHash('POST', '/x', { a: 1 })).not.toBe(requestHash('POST', '/y', { a: 1 }));
    expect(requestHash('POST', '/x', { a: 1 })).not.toBe(requestHash('POST', '/x', { a: 2 }));
  });
});
