/** Deposits over real HTTP: request, the receiving account, confirm/reject/cancel, one UTR once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FM,
  FUNDS_DONE,
  type TConsoleDeposit,
  type TDepositAccount,
  type TDepositView,
  type TPage,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  signUpClient,
  type TestApp,
} from '../../test/helpers.ts';
import { formWith, pngImage } from '../../test/images.ts';
import { noticeOf } from '../notifications/test-fixtures.ts';
import {
  balancesOf,
  keyed,
  moneyClient,
  type MoneyClient,
  nextUtr,
  openDeposits,
} from './test-fixtures.ts';

let t: TestApp;
let ops: SignedInStaff;
let client: MoneyClient;
beforeAll(async () => {
  t = await buildTestApp();
  ops = await signInStaff(t, 'operations');
  client = await moneyClient(t);
});
afterAll(async () => t.close());

const requestDeposit = (c: MoneyClient, body: Record<string, unknown>, key?: string) =>
  t.api.post<TDepositView>('/funds/app/v1/deposits', body, c.token, keyed(key));
const decide = (id: string, action: 'confirm' | 'reject', body: unknown = {}) =>
  t.api.post<TConsoleDeposit>(
    `/console/api/v1/funds/deposits/${id}/${action}`,
    body,
    ops.token,
    keyed(),
  );

describe('the receiving account', () => {
  it('is not configured until an admin sets it, and deposits are refused until then', async () => {
    const before = await t.api.get<TDepositAccount>('/funds/app/v1/deposit-account', client.token);
    expect(before.body.data).toMatchObject({ configured: false, min_deposit_paise: 2_000_000 });
    const refused = await requestDeposit(client, { amount: 20000, method: 'NEFT', utr: nextUtr() });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FM.depositAccountMissing);

    await openDeposits(t);
    const after = await t.api.get<TDepositAccount>('/funds/app/v1/deposit-account', client.token);
    expect(after.body.data).toMatchObject({
      configured: true,
      account_number: '50200012345678',
      ifsc: 'HDFC0000123',
      upi_id: 'sampada@hdfcbank',
      methods: ['NEFT', 'RTGS', 'IMPS', 'UPI'],
    });
  });
});

describe('requesting a deposit', () => {
  it('creates a pending deposit with a normalised UTR; nothing is credited yet', async () => {
    const reply = await requestDeposit(client, {
      amount: '25000.50',
      method: 'RTGS',
      utr: 'hdfc-r5 2026 0101 1234 5678',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(FUNDS_DONE.depositRequested);
    expect(reply.body.data).toMatchObject({
      amount_paise: 2_500_050,
      method: 'RTGS',
      utr: 'HDFCR52026010112345678',
      status: 'pending',
      receipt_url: null,
      posting_id: null,
    });
    expect((await balancesOf(t, client.id)).cash_available).toBe(0n);
  });

  it('checks the UTR by method: 12-digit references for IMPS and UPI', async () => {
    const upi = await requestDeposit(client, { amount: 20000, method: 'UPI', utr: 'ABC123' });
    expect(upi.status).toBe(400);
    expect(upi.body.message).toBe(FM.utrInvalid('UPI'));
    const neft = await requestDeposit(client, { amount: 20000, method: 'NEFT', utr: 'SHORT1' });
    expect(neft.body.message).toBe(FM.utrInvalid('NEFT'));
    const ok = await requestDeposit(client, { amount: 20000, method: 'UPI', utr: '412345678901' });
    expect(ok.status).toBe(200);
    const method = await requestDeposit(client, { amount: 20000, method: 'CASH', utr: nextUtr() });
    expect(method.body.message).toBe(FM.methodInvalid);
    const missing = await requestDeposit(client, { amount: 20000, method: 'NEFT' });
    expect(missing.body.message).toBe(FM.utrRequired);
  });

  it('takes a receipt image uploaded through /client/app/v1/image, only the client’s own', async () => {
    const upload = await t.api.upload<{ url: string }>(
      '/client/app/v1/image',
      formWith(await pngImage(), 'receipt.png', 'image/png'),
      client.token,
    );
    const reply = await requestDeposit(client, {
      amount: 20000,
      method: 'IMPS',
      utr: '512345678901',
      receipt_url: upload.body.data.url,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.receipt_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/private\//);
    expect((await fetch(reply.body.data.receipt_url!)).status).toBe(200);

    const other = await moneyClient(t);
    const stolen = await requestDeposit(other, {
      amount: 20000,
      method: 'NEFT',
      utr: nextUtr(),
      receipt_url: upload.body.data.url,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(FM.receiptNotYours);
  });

  it('refuses a client whose KYC is not approved', async () => {
    const fresh = await signUpClient(t);
    const reply = await t.api.post(
      '/funds/app/v1/deposits',
      { amount: 20000, method: 'NEFT', utr: nextUtr() },
      fresh.token,
      keyed(),
    );
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(FM.kycRequired);
  });

  it('refuses the same UTR twice from one client while it is open', async () => {
    const utr = nextUtr();
    expect((await requestDeposit(client, { amount: 20000, method: 'NEFT', utr })).status).toBe(200);
    const again = await requestDeposit(client, { amount: 30000, method: 'NEFT', utr });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(FM.utrAlreadySubmitted);
  });
});

describe('operations decide', () => {
  it('confirm credits bank clearing → cash available once, links the posting, writes the audit row', async () => {
    const c = await moneyClient(t);
    const firmBefore = (await t.ctx.ledger.firmBalances()).bank_clearing;
    const { data } = (await requestDeposit(c, { amount: 20000, method: 'NEFT', utr: nextUtr() }))
      .body;
    const confirmed = await decide(data.id, 'confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(FUNDS_DONE.depositConfirmed);
    expect(confirmed.body.data).toMatchObject({
      status: 'confirmed',
      decided_by: ops.email,
      client: { id: c.id },
    });
    expect(confirmed.body.data.posting_id).toMatch(/^\d+$/);
    expect((await balancesOf(t, c.id)).cash_available).toBe(2_000_000n);
    expect((await t.ctx.ledger.firmBalances()).bank_clearing).toBe(firmBefore - 2_000_000n);

    const again = await decide(data.id, 'confirm');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(FM.alreadyDecided('deposit', 'confirmed'));
    expect((await balancesOf(t, c.id)).cash_available).toBe(2_000_000n);

    const audit = await t.ctx.db.execute(
      `select actor_type, actor_id, action from audit_log where subject_id = '${data.id}' order by id`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      { actor_type: 'client', actor_id: c.id, action: 'deposit.request' },
      { actor_type: 'staff', actor_id: ops.id, action: 'deposit.confirm' },
    ]);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('reject needs a reason, credits nothing, and the client reads the reason', async () => {
    const c = await moneyClient(t);
    const { data } = (await requestDeposit(c, { amount: 20000, method: 'NEFT', utr: nextUtr() }))
      .body;
    const noReason = await decide(data.id, 'reject', {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(FM.reasonRequired);
    const rejected = await decide(data.id, 'reject', { reason: 'No credit with this UTR' });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'No credit with this UTR',
    });
    const seen = await t.api.get<TDepositView>(`/funds/app/v1/deposits/${data.id}`, c.token);
    expect(seen.body.data).toMatchObject({ status: 'rejected', reason: 'No credit with this UTR' });
    expect((await balancesOf(t, c.id)).cash_available).toBe(0n);
    expect(await noticeOf(t, c, data.id)).toEqual([
      expect.objectContaining({
        kind: 'deposit.reject',
        detail: { type: 'amount', amount_paise: 2_000_000, reason: 'No credit with this UTR' },
      }),
    ]);
  });

  it('credits one UTR once, even when two clients submitted it', async () => {
    const [a, b] = [await moneyClient(t), await moneyClient(t)];
    const utr = nextUtr();
    const first = (await requestDeposit(a, { amount: 20000, method: 'NEFT', utr })).body.data;
    const second = (await requestDeposit(b, { amount: 20000, method: 'NEFT', utr })).body.data;
    expect((await decide(first.id, 'confirm')).status).toBe(200);
    const dup = await decide(second.id, 'confirm');
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(FM.utrAlreadyCredited);
    expect((await balancesOf(t, b.id)).cash_available).toBe(0n);
    // And a new request with a credited UTR is refused up front.
    const late = await requestDeposit(b, { amount: 20000, method: 'NEFT', utr });
    expect(late.body.message).toBe(FM.utrAlreadyCredited);
  });

  it('lists the queue oldest first with cursor pagination and a status filter', async () => {
    const c = await moneyClient(t);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await requestDeposit(c, { amount: 20000 + i, method: 'NEFT', utr: nextUtr() });
    }
    const all: TConsoleDeposit[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: TPage<TConsoleDeposit> } } = await t.api.get(
        `/console/api/v1/funds/deposits?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        ops.token,
      );
      all.push(...page.body.data.items);
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(all.every((d) => d.status === 'pending')).toBe(true);
    const times = all.map((d) => d.created_at);
    expect([...times].sort()).toEqual(times);
    expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
    const mine = all.filter((d) => d.client.id === c.id).map((d) => d.amount_paise);
    expect(mine).toEqual([2_000_000, 2_000_100, 2_000_200]);

    const confirmed = await t.api.get<TPage<TConsoleDeposit>>(
      '/console/api/v1/funds/deposits?status=confirmed',
      ops.token,
    );
    expect(confirmed.body.data.items.length).toBeGreaterThan(0);
    expect(confirmed.body.data.items.every((d) => d.status === 'confirmed')).toBe(true);
  });
});

describe('the client', () => {
  it('cancels their own pending deposit, not someone else’s, and not a decided one', async () => {
    const [a, b] = [await moneyClient(t), await moneyClient(t)];
    const { data } = (await requestDeposit(a, { amount: 20000, method: 'NEFT', utr: nextUtr() }))
      .body;
    const byB = await t.api.post(`/funds/app/v1/deposits/${data.id}/cancel`, {}, b.token, keyed());
    expect(byB.status).toBe(404);
    expect((await t.api.get(`/funds/app/v1/deposits/${data.id}`, b.token)).status).toBe(404);
    const byA = await t.api.post<TDepositView>(
      `/funds/app/v1/deposits/${data.id}/cancel`,
      {},
      a.token,
      keyed(),
    );
    expect(byA.body.data.status).toBe('cancelled');
    expect((await decide(data.id, 'confirm')).status).toBe(409);
  });

  it('lists only their own deposits, newest first, filtered by status', async () => {
    const c = await moneyClient(t);
    await requestDeposit(c, { amount: 20000, method: 'NEFT', utr: nextUtr() });
    t.clock.advance(1000);
    await requestDeposit(c, { amount: 21000, method: 'NEFT', utr: nextUtr() });
    const list = await t.api.get<TPage<TDepositView>>('/funds/app/v1/deposits', c.token);
    expect(list.body.data.items.map((d) => d.amount_paise)).toEqual([2_100_000, 2_000_000]);
    const none = await t.api.get<TPage<TDepositView>>(
      '/funds/app/v1/deposits?status=confirmed',
      c.token,
    );
    expect(none.body.data.items).toEqual([]);
  });
});
