/** Withdrawals over real HTTP: hold at request, paid or rejected by operations, cancelled by the client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FM,
  FUNDS_DONE,
  type TBankCard,
  type TConsoleWithdrawal,
  type TPage,
  type TWithdrawalView,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import {
  addCard,
  balancesOf,
  fund,
  keyed,
  moneyClient,
  type MoneyClient,
  openDeposits,
} from './test-fixtures.ts';

let t: TestApp;
let ops: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  ops = await signInStaff(t, 'operations');
});
afterAll(async () => t.close());

/** A client with ₹20,000 available and one bank card. */
async function funded(): Promise<{ c: MoneyClient; card: TBankCard }> {
  const c = await moneyClient(t);
  await fund(t, c, 20000);
  return { c, card: await addCard(t, c) };
}

const withdraw = (c: MoneyClient, body: Record<string, unknown>, key?: string) =>
  t.api.post<TWithdrawalView>('/funds/app/v1/withdrawals', body, c.token, keyed(key));
const decide = (id: string, action: 'pay' | 'reject', body: unknown) =>
  t.api.post<TConsoleWithdrawal>(
    `/console/api/v1/funds/withdrawals/${id}/${action}`,
    body,
    ops.token,
    keyed(),
  );

describe('requesting a withdrawal', () => {
  it('moves the amount from available to on hold at once', async () => {
    const { c, card } = await funded();
    const reply = await withdraw(c, { amount: '1500.25', bank_card_id: card.id, pin: c.pin });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(FUNDS_DONE.withdrawalRequested);
    expect(reply.body.data).toMatchObject({
      amount_paise: 150_025,
      status: 'pending',
      bank_card: { id: card.id, account_number: 'XXXXXX9012', bank_name: 'State Bank of India' },
    });
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 2_000_000n - 150_025n,
      cash_on_hold: 150_025n,
    });
  });

  it('never beyond the available balance, to the paisa', async () => {
    const { c, card } = await funded();
    const over = await withdraw(c, { amount: '20000.01', bank_card_id: card.id, pin: c.pin });
    expect([over.status, over.body.message]).toEqual([400, FM.beyondBalance]);
    const all = await withdraw(c, { amount: 20000, bank_card_id: card.id, pin: c.pin });
    expect(all.status).toBe(200);
    const more = await withdraw(c, { amount: 100, bank_card_id: card.id, pin: c.pin });
    expect([more.status, more.body.message]).toEqual([400, FM.beyondBalance]);
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 0n,
      cash_on_hold: 2_000_000n,
    });
  });

  it('tells a client without a PIN to set one', async () => {
    const c = await moneyClient(t, { pin: null });
    const reply = await withdraw(c, {
      amount: 100,
      bank_card_id: '00000000-0000-4000-8000-000000000000',
      pin: 'a'.repeat(32),
    });
    expect([reply.status, reply.body.message]).toEqual([400, FM.setPinToWithdraw]);
  });

  it('pays only to one of the client’s own cards', async () => {
    const [a, b] = [await funded(), await funded()];
    const reply = await withdraw(a.c, { amount: 100, bank_card_id: b.card.id, pin: a.c.pin });
    expect([reply.status, reply.body.message]).toEqual([404, FM.bankCardNotFound]);
    const missing = await withdraw(a.c, { amount: 100, pin: a.c.pin });
    expect([missing.status, missing.body.message]).toEqual([400, FM.bankCardRequired]);
  });

  it('answers each bad amount with its message', async () => {
    const { c, card } = await funded();
    const cases: [unknown, string][] = [
      [undefined, FM.amountRequired],
      ['', FM.amountRequired],
      ['abc', FM.amountNotNumber],
      ['1e5', FM.amountNotNumber],
      ['1,000', FM.amountNotNumber],
      [true, FM.amountRequired],
      ['-100', FM.amountNegative],
      [-5, FM.amountNegative],
      [0, FM.amountZero],
      ['0.00', FM.amountZero],
      ['100.123', FM.amountDecimals],
      [100.001, FM.amountDecimals],
      ['99.99', FM.withdrawalBelowMin],
      ['10000000000', FM.amountTooLarge],
    ];
    for (const [amount, message] of cases) {
      const reply = await withdraw(c, { amount, bank_card_id: card.id, pin: c.pin });
      expect([amount, reply.status, reply.body.message]).toEqual([amount, 400, message]);
    }
    expect(await balancesOf(t, c.id)).toMatchObject({ cash_available: 2_000_000n });
  });

  it('cannot remove a card while a withdrawal to it is pending', async () => {
    const { c, card } = await funded();
    await withdraw(c, { amount: 100, bank_card_id: card.id, pin: c.pin });
    const reply = await t.api.post(
      `/funds/app/v1/bank-cards/${card.id}/remove`,
      { pin: c.pin },
      c.token,
    );
    expect([reply.status, reply.body.message]).toEqual([400, FM.bankCardInUse]);
  });
});

describe('operations decide', () => {
  it('pay: hold → bank clearing, with the bank reference, audited; twice is refused', async () => {
    const { c, card } = await funded();
    const firmBefore = (await t.ctx.ledger.firmBalances()).bank_clearing;
    const w = (await withdraw(c, { amount: 5000, bank_card_id: card.id, pin: c.pin })).body.data;
    const bad = await decide(w.id, 'pay', { bank_reference: 'x' });
    expect([bad.status, bad.body.message]).toEqual([400, FM.bankReferenceInvalid]);
    const paid = await decide(w.id, 'pay', { bank_reference: 'sbinn52026112000123' });
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe(FUNDS_DONE.withdrawalPaid);
    expect(paid.body.data).toMatchObject({
      status: 'paid',
      bank_reference: 'SBINN52026112000123',
      payout_account_number: '123456789012',
      decided_by: ops.email,
    });
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 1_500_000n,
      cash_on_hold: 0n,
    });
    expect((await t.ctx.ledger.firmBalances()).bank_clearing).toBe(firmBefore + 500_000n);
    const twice = await decide(w.id, 'pay', { bank_reference: 'SBINN52026112000124' });
    expect([twice.status, twice.body.message]).toEqual([
      409,
      FM.alreadyDecided('withdrawal', 'paid'),
    ]);
    const audit = await sqlRows<{
      actor_id: string;
      action: string;
      after: { bankReference?: string };
    }>(t, `select actor_id, action, after from audit_log where subject_id = '${w.id}' order by id`);
    expect(audit.map((a) => [a.actor_id, a.action])).toEqual([
      [c.id, 'withdrawal.request'],
      [ops.id, 'withdrawal.pay'],
    ]);
    expect(audit[1]!.after.bankReference).toBe('SBINN52026112000123');
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('reject: the hold is released back to available, with the reason for the client', async () => {
    const { c, card } = await funded();
    const w = (await withdraw(c, { amount: 5000, bank_card_id: card.id, pin: c.pin })).body.data;
    const noReason = await decide(w.id, 'reject', { reason: ' ' });
    expect([noReason.status, noReason.body.message]).toEqual([400, FM.reasonRequired]);
    const rejected = await decide(w.id, 'reject', { reason: 'Account frozen by the bank' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected' });
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 2_000_000n,
      cash_on_hold: 0n,
    });
    const seen = await t.api.get<TWithdrawalView>(`/funds/app/v1/withdrawals/${w.id}`, c.token);
    expect(seen.body.data).toMatchObject({
      status: 'rejected',
      reason: 'Account frozen by the bank',
    });
  });

  it('lists pending withdrawals oldest first for operations', async () => {
    const { c, card } = await funded();
    t.clock.advance(1000);
    await withdraw(c, { amount: 100, bank_card_id: card.id, pin: c.pin });
    t.clock.advance(1000);
    await withdraw(c, { amount: 200, bank_card_id: card.id, pin: c.pin });
    const queue = await t.api.get<TPage<TConsoleWithdrawal>>(
      '/console/api/v1/funds/withdrawals?limit=100',
      ops.token,
    );
    const mine = queue.body.data.items.filter((w) => w.client.id === c.id);
    expect(mine.map((w) => w.amount_paise)).toEqual([10_000, 20_000]);
    expect(queue.body.data.items.every((w) => w.status === 'pending')).toBe(true);
  });
});

describe('the client', () => {
  it('cancels their own pending withdrawal (hold released); another client cannot', async () => {
    const [a, b] = [await funded(), await funded()];
    const w = (await withdraw(a.c, { amount: 700, bank_card_id: a.card.id, pin: a.c.pin })).body
      .data;
    const byB = await t.api.post(
      `/funds/app/v1/withdrawals/${w.id}/cancel`,
      {},
      b.c.token,
      keyed(),
    );
    expect([byB.status, byB.body.message]).toEqual([404, FM.withdrawalNotFound]);
    expect((await t.api.get(`/funds/app/v1/withdrawals/${w.id}`, b.c.token)).status).toBe(404);
    const byA = await t.api.post<TWithdrawalView>(
      `/funds/app/v1/withdrawals/${w.id}/cancel`,
      {},
      a.c.token,
      keyed(),
    );
    expect([byA.status, byA.body.message, byA.body.data.status]).toEqual([
      200,
      FUNDS_DONE.withdrawalCancelled,
      'cancelled',
    ]);
    expect(await balancesOf(t, a.c.id)).toMatchObject({
      cash_available: 2_000_000n,
      cash_on_hold: 0n,
    });
    expect((await decide(w.id, 'pay', { bank_reference: 'SBINN52026112000125' })).status).toBe(409);
    const list = await t.api.get<TPage<TWithdrawalView>>('/funds/app/v1/withdrawals', b.c.token);
    expect(list.body.data.items).toEqual([]);
  });
});
