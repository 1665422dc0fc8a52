/**
 * The 30-day rule's edges on real PostgreSQL (decision 052): which quarterly clients a monthly
 * settlement date adds, read from real fills and real ledger postings. The date is Friday
 * 4 December 2026, a monthly (not quarterly) date; its 30 IST days are 5 November … 4 December.
 * A last fill on 4 November (30 days before) or earlier leaves the client idle, one on
 * 5 November does not; the day is India's, so 23:59 IST on 4 November and 00:01 IST on
 * 5 November — the same UTC day — fall on either side. Funds must have lain there throughout:
 * a client who emptied the account inside the 30 days and paid in again is not added.
 *
 * Every client is quarterly and funded on 20 October; the clock then moves forward by hand
 * (the test app's manual clock), so each fill and posting carries the time it was made at.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { istDayOf, NO_TRADE_DAYS, type TSettlementBatch } from '@sampada/shared';
import { buildTestApp, signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import {
  addCard,
  balancesOf,
  fund,
  keyed,
  type MoneyClient,
  openDeposits,
  signInAgain,
  system,
} from '../funds/test-fixtures.ts';
import { near, placed, trader, untilSettled } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const DATE = '2026-12-04';
const istAt = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
});
afterAll(async () => t?.close());

/** Signs the client in again at `at` (their token is weeks old) and buys about ₹20,000 of INFY. */
async function buysAt(c: MoneyClient, at: Date) {
  t.clock.set(at);
  const fresh = await signInAgain(t, c);
  const quantity = Math.ceil(2_000_000 / near(t, 'INFY', 100));
  const order = await placed(t, fresh, { type: 'market', symbol: 'INFY', side: 'buy', quantity });
  expect((await untilSettled(t, fresh, order.id)).status).toBe('filled');
  const [fill] = await sqlRows<{ at: Date }>(
    t,
    `select max(executed_at) as at from fills where client_id = '${c.id}'`,
  );
  return new Date(fill!.at);
}

/** Withdraws everything the client has and the firm pays it out at `at`. */
async function emptiedAt(c: MoneyClient, at: Date) {
  t.clock.set(at);
  const fresh = await signInAgain(t, c);
  const card = await addCard(t, fresh);
  const all = (await balancesOf(t, c.id)).cash_available;
  const reply = await t.api.post<{ id: string }>(
    '/funds/app/v1/withdrawals',
    { amount: String(all / 100n), bank_card_id: card.id, pin: c.pin },
    fresh.token,
    keyed(),
  );
  expect(reply.status).toBe(200);
  await t.ctx.funds.withdrawals.decide(reply.body.data.id, 'pay', {
    staffId: (await t.ctx.staff.listStaff())[0]!.id,
    actor: system,
    bankReference: 'SBINN52026111000123',
  });
  expect((await balancesOf(t, c.id)).cash_available).toBe(0n);
  return fresh;
}

describe('the 30-day rule on a monthly settlement date', () => {
  const c: Record<string, MoneyClient> = {};
  const filledAt: Record<string, Date> = {};
  let batch: TSettlementBatch;
  const lineOf = (name: string) => batch.lines.find((l) => l.client_id === c[name]!.id);

  beforeAll(async () => {
    t.clock.set(istAt('2026-10-20', '10:30'));
    for (const name of [
      'last31',
      'last30',
      'last29',
      'at2359',
      'at0001',
      'neverTraded',
      'refilled',
    ])
      c[name] = await trader(t, 50_000);
    await addCard(t, c.last31!);

    filledAt.last31 = await buysAt(c.last31!, istAt('2026-11-03', '11:00'));
    filledAt.last30 = await buysAt(c.last30!, istAt('2026-11-04', '11:00'));
    filledAt.at2359 = await buysAt(c.at2359!, istAt('2026-11-04', '23:59'));
    filledAt.at0001 = await buysAt(c.at0001!, istAt('2026-11-05', '00:01'));
    filledAt.last29 = await buysAt(c.last29!, istAt('2026-11-05', '11:00'));
    c.refilled = await emptiedAt(c.refilled!, istAt('2026-11-10', '12:00'));

    t.clock.set(istAt('2026-11-20', '12:00'));
    c.young = await trader(t, 20_000);
    await fund(t, await signInAgain(t, c.refilled), 20_000);

    t.clock.set(istAt(DATE, '15:31'));
    const id = await t.ctx.settlement.runDue();
    expect(id).not.toBeNull();
    batch = await t.ctx.settlement.batch(id!);
  });

  it('counts fills on the IST day they were made, whatever the UTC day', () => {
    expect(NO_TRADE_DAYS).toBe(30);
    expect(t.ctx.settlement.dates.cyclesDueOn(DATE)).toEqual(['monthly']);
    const days = Object.fromEntries(
      Object.entries(filledAt).map(([name, at]) => [name, istDayOf(at)]),
    );
    expect(days).toEqual({
      last31: '2026-11-03',
      last30: '2026-11-04',
      at2359: '2026-11-04',
      at0001: '2026-11-05',
      last29: '2026-11-05',
    });
    // Either side of the IST boundary, the same UTC day: a UTC reading would not split them.
    expect(filledAt.at2359!.toISOString().slice(0, 10)).toBe('2026-11-04');
    expect(filledAt.at0001!.toISOString().slice(0, 10)).toBe('2026-11-04');
  });

  it('settles a client whose last fill was 31 days before the date, their whole balance', async () => {
    const cash = (await balancesOf(t, c.last31!.id)).cash_available;
    expect(cash).toBeGreaterThan(0n);
    expect(lineOf('last31')).toMatchObject({
      cycle: 'quarterly',
      no_recent_trade: true,
      cash_available_paise: Number(cash),
      retained: [],
      payout_paise: Number(cash),
    });
  });

  it('settles a client whose last fill was exactly 30 days before, even at 23:59 IST', () => {
    expect(lineOf('last30')).toMatchObject({ no_recent_trade: true });
    expect(lineOf('at2359')).toMatchObject({ no_recent_trade: true });
  });

  it('leaves a client who traded 29 days before, even at 00:01 IST, to their quarterly cycle', () => {
    expect(lineOf('last29')).toBeUndefined();
    expect(lineOf('at0001')).toBeUndefined();
  });

  it('settles a client who never traded and whose money lay there the whole 30 days', () => {
    expect(lineOf('neverTraded')).toMatchObject({
      no_recent_trade: true,
      payout_paise: 5_000_000,
    });
  });

  it('leaves money younger than 30 days, also when the account ran empty inside them', () => {
    expect(lineOf('young')).toBeUndefined();
    expect(lineOf('refilled')).toBeUndefined();
    expect(batch.lines.map((l) => l.client_id).sort()).toEqual(
      [c.last31, c.last30, c.at2359, c.neverTraded].map((x) => x!.id).sort(),
    );
  });

  it('pays the idle client out on approval, through the ledger', async () => {
    const officer = await signInStaff(t, 'operations');
    const reply = await t.api.post<TSettlementBatch>(
      `/console/api/v1/settlement/batches/${batch.id}/approve`,
      {},
      officer.token,
    );
    expect(reply.status).toBe(200);
    const paid = reply.body.data.lines.find((l) => l.client_id === c.last31!.id)!;
    expect(paid).toMatchObject({ status: 'paid', paid_paise: lineOf('last31')!.payout_paise });
    expect((await balancesOf(t, c.last31!.id)).cash_available).toBe(0n);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});
