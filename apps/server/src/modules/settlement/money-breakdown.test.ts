/**
 * Where is my money (decision 047) on real PostgreSQL over real HTTP: a client with an open
 * order, a sale and a buy not yet settled (T+1), a pending deposit and a pending withdrawal
 * reads parts that add up exactly to their ledger balance, each part equal to the table it
 * comes from, and the payout a settlement would make now.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  paiseToRupeeText,
  type TDepositView,
  type TMoneyBreakdown,
  type TSettlementPreference,
  type TWithdrawalView,
} from '@sampada/shared';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import {
  addCard,
  balancesOf,
  keyed,
  moneyClient,
  nextUtr,
  openDeposits,
  type MoneyClient,
} from '../funds/test-fixtures.ts';
import { near, placed, trader, untilSettled } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const URL = '/funds/app/v1/money-breakdown';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
});
afterAll(async () => t?.close());

const breakdown = async (c: MoneyClient) => {
  const reply = await t.api.get<TMoneyBreakdown>(URL, c.token);
  expect(reply.status).toBe(200);
  return reply.body.data;
};
const part = (b: TMoneyBreakdown, kind: string) =>
  b.parts.find((p) => p.kind === kind)!.amount_paise;
const sum = (b: TMoneyBreakdown) => b.parts.reduce((s, p) => s + p.amount_paise, 0);
const fillTotal = async (orderId: string, sign: '+' | '-') =>
  Number(
    (
      await sqlRows<{ n: string }>(
        t,
        `select sum(value_paise ${sign} charges_paise)::text as n from fills where order_id = '${orderId}'`,
      )
    )[0]!.n,
  );

describe('where is my money', () => {
  it('adds up to the ledger balance with an open order, T+1 trades, a pending deposit and withdrawal', async () => {
    const c = await trader(t, 100_000);
    const card = await addCard(t, c);
    // The open order first: the trades below move the market.
    const price = near(t, 'INFY', 90);
    const open = await placed(t, c, {
      type: 'limit',
      symbol: 'INFY',
      side: 'buy',
      quantity: Math.ceil(2_500_000 / price),
      limit_price: paiseToRupeeText(price),
    });
    expect(open.status).toBe('awaiting');
    const lots = Math.ceil(2_500_000 / near(t, 'TCS', 100));
    const buy = await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: lots });
    expect((await untilSettled(t, c, buy.id)).status).toBe('filled');
    const sell = await placed(t, c, {
      type: 'market',
      symbol: 'TCS',
      side: 'sell',
      quantity: lots,
    });
    expect((await untilSettled(t, c, sell.id)).status).toBe('filled');
    const withdrawal = await t.api.post<TWithdrawalView>(
      '/funds/app/v1/withdrawals',
      { amount: 1_500, bank_card_id: card.id, pin: c.pin },
      c.token,
      keyed(),
    );
    expect(withdrawal.status).toBe(200);
    const deposit = await t.api.post<TDepositView>(
      '/funds/app/v1/deposits',
      { amount: 25_000, method: 'NEFT', utr: nextUtr() },
      c.token,
      keyed(),
    );
    expect(deposit.status).toBe(200);

    const b = await breakdown(c);
    const ledger = await balancesOf(t, c.id);
    expect(b.cash_available_paise).toBe(Number(ledger.cash_available));
    expect(b.cash_on_hold_paise).toBe(Number(ledger.cash_on_hold));
    expect(b.total_paise).toBe(Number(ledger.cash_available + ledger.cash_on_hold));
    expect(sum(b)).toBe(b.total_paise);
    expect(b.parts.map((p) => p.kind)).toEqual([
      'free',
      'unsettled_sales',
      'loan_dues',
      'open_orders',
      'pending_withdrawals',
      'other_holds',
    ]);

    const proceeds = await fillTotal(sell.id, '-');
    expect(part(b, 'open_orders')).toBe(open.hold_paise);
    expect(part(b, 'pending_withdrawals')).toBe(150_000);
    expect(part(b, 'other_holds')).toBe(0);
    expect(part(b, 'unsettled_sales')).toBe(proceeds);
    expect(part(b, 'loan_dues')).toBe(0);
    expect(b.settlement_due_in_paise).toBe(proceeds);
    expect(b.settlement_due_out_paise).toBe(await fillTotal(buy.id, '+'));
    expect(b.pending_deposits_paise).toBe(2_500_000);
    expect(part(b, 'free')).toBe(Number(ledger.cash_available) - proceeds);
    expect(part(b, 'free')).toBeGreaterThan(0);
    expect(b.next_settlement.payout_now_paise).toBe(part(b, 'free'));
    expect(b.time_zone).toBe('Asia/Kolkata');

    const preference = await t.api.get<TSettlementPreference>(
      '/funds/app/v1/settlement/preference',
      c.token,
    );
    expect(b.next_settlement).toMatchObject({
      date: preference.body.data.next_date,
      cycle: preference.body.data.cycle,
    });
  });

  it('shows a client with only cash that all of it is free and paid out at the next date', async () => {
    const c = await trader(t, 20_000);
    const b = await breakdown(c);
    expect(b.total_paise).toBe(2_000_000);
    expect(part(b, 'free')).toBe(2_000_000);
    expect(sum(b)).toBe(2_000_000);
    expect(b.next_settlement.payout_now_paise).toBe(2_000_000);
    expect(b).toMatchObject({
      pending_deposits_paise: 0,
      settlement_due_in_paise: 0,
      settlement_due_out_paise: 0,
    });
  });

  it('reads only the signed-in client’s own money, and nothing without a token', async () => {
    const empty = await moneyClient(t);
    const b = await breakdown(empty);
    expect(b.total_paise).toBe(0);
    expect(sum(b)).toBe(0);
    expect((await t.api.get(URL)).status).toBe(401);
  });

  it('is documented in the OpenAPI document with its parts and payout', async () => {
    const doc = (await (await t.api.raw('/docs/json')).json()) as {
      paths: Record<string, { get?: { tags?: string[]; responses?: unknown } }>;
    };
    const get = doc.paths[URL]?.get;
    expect(get?.tags).toEqual(['settlement']);
    const text = JSON.stringify(get?.responses);
    for (const field of ['parts', 'pending_deposits_paise', 'payout_now_paise', 'other_holds'])
      expect(text).toContain(field);
  });
});
