/**
 * The leader's settlement job on real PostgreSQL (decision 052): it prepares a settlement
 * date's batch after the close and on no other day; ticks and instances racing give one batch;
 * the batch waits for one officer's approval; a rejected date is left alone. And the 30-day
 * rule: on a monthly date a quarterly client with funds idle for 30 days and no trade is due,
 * one who traded or whose money is younger is not.
 *
 * The clock: the test app's clock reads the real now (late November 2026); clients with an
 * older past are built at 20 October with `withClockAt`, and the job runs on 4 December 2026,
 * a monthly (not quarterly) settlement date.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NO_TRADE_DAYS,
  SETTLEMENT_JOB_PREPARER,
  type TSettlementBatch,
  type TSettlementPreference,
} from '@sampada/shared';
import { withClockAt } from '../../platform/clock.ts';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { addCard, balancesOf, type MoneyClient, openDeposits } from '../funds/test-fixtures.ts';
import { near, placed, trader, untilSettled } from '../trading/test-fixtures.ts';
import { noTradeWindow } from './no-recent-trade.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const BASE = '/console/api/v1/settlement/batches';
const DATE = '2026-12-04';
const PAST = new Date('2026-10-20T05:00:00Z'); // 10:30 IST, 45 days before DATE
const istAt = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);

let t: TestApp;
let second: TestApp;
let officer: SignedInStaff;

const setClocks = (at: Date) => {
  t.clock.set(at);
  second.clock.set(at);
};
const batchesOn = (day: string) =>
  sqlRows<{ id: string; status: string; prepared_by: string | null }>(
    t,
    `select id, status, prepared_by from settlement_batches where settlement_date = '${day}'`,
  );

/** A client with ₹50,000 who bought about ₹20,000 of INFY: their last trade is now (the clock's). */
async function tradedOnce() {
  const c = await trader(t, 50_000);
  const quantity = Math.ceil(2_000_000 / near(t, 'INFY', 100));
  const order = await placed(t, c, { type: 'market', symbol: 'INFY', side: 'buy', quantity });
  expect((await untilSettled(t, c, order.id)).status).toBe('filled');
  return c;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  second = await buildTestApp({ sharing: t, env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('the settlement job', () => {
  let dormant: MoneyClient;
  let idleNeverTraded: MoneyClient;
  let active: MoneyClient;
  let fresh: MoneyClient;
  let monthly: MoneyClient;
  let batch: TSettlementBatch;

  beforeAll(async () => {
    // Quarterly clients whose money came in 45 days before the date; one of them traded then.
    await withClockAt(t.clock, PAST, async () => {
      dormant = await tradedOnce();
      await addCard(t, dormant);
      idleNeverTraded = await trader(t, 20_000);
    });
    // A quarterly client who traded inside the 30 days, one whose money is younger than them,
    // and a monthly client: today (the real now, before DATE).
    active = await tradedOnce();
    fresh = await trader(t, 20_000);
    monthly = await trader(t, 30_000);
    await addCard(t, monthly);
    const pref = await t.api.put<TSettlementPreference>(
      '/funds/app/v1/settlement/preference',
      { cycle: 'monthly' },
      monthly.token,
    );
    expect(pref.body.data.cycle).toBe('monthly');
  });

  it('prepares nothing on a day that is not a settlement date, nor on the date before the close', async () => {
    setClocks(istAt('2026-12-03', '18:00'));
    expect(t.ctx.settlement.dates.cyclesDueOn('2026-12-03')).toEqual([]);
    expect(await t.ctx.settlement.runDue()).toBeNull();
    setClocks(istAt(DATE, '15:29'));
    expect(t.ctx.settlement.dates.cyclesDueOn(DATE)).toEqual(['monthly']);
    expect(await t.ctx.settlement.runDue()).toBeNull();
    expect(await sqlRows(t, 'select id from settlement_batches')).toEqual([]);
  });

  it('prepares the date’s batch once after the close, however many ticks and instances race', async () => {
    setClocks(istAt(DATE, '15:31'));
    const ids = await Promise.all([
      t.ctx.settlement.runDue(),
      t.ctx.settlement.runDue(),
      second.ctx.settlement.runDue(),
      second.ctx.settlement.runDue(),
    ]);
    const made = ids.filter((id): id is string => id !== null);
    expect(made).toHaveLength(1);
    expect(await batchesOn(DATE)).toEqual([{ id: made[0], status: 'prepared', prepared_by: null }]);

    setClocks(istAt(DATE, '16:01'));
    expect(await t.ctx.settlement.runDue()).toBeNull();
    expect(await second.ctx.settlement.runDue()).toBeNull();
    expect(await batchesOn(DATE)).toHaveLength(1);

    batch = await t.ctx.settlement.batch(made[0]!);
    expect(batch).toMatchObject({
      date: DATE,
      status: 'prepared',
      prepared_by: SETTLEMENT_JOB_PREPARER,
    });
    const audit = await sqlRows<{ action: string; actor_type: string; actor_id: string }>(
      t,
      `select action, actor_type, actor_id from audit_log where subject_id = '${batch.id}'`,
    );
    expect(audit).toEqual([
      { action: 'settlement.prepare', actor_type: 'system', actor_id: 'settlement-job' },
    ]);
  });

  it('adds a quarterly client idle and untraded for 30 days to a monthly date, not one who traded or whose money is younger', () => {
    expect(NO_TRADE_DAYS).toBe(30);
    expect(noTradeWindow(DATE).from).toEqual(istAt('2026-11-05', '00:00'));
    const line = (c: MoneyClient) => batch.lines.find((l) => l.client_id === c.id);
    expect(line(monthly)).toMatchObject({ cycle: 'monthly', no_recent_trade: false });
    expect(line(dormant)).toMatchObject({ cycle: 'quarterly', no_recent_trade: true });
    expect(line(idleNeverTraded)).toMatchObject({
      cycle: 'quarterly',
      no_recent_trade: true,
      payout_paise: 2_000_000,
    });
    expect(line(active)).toBeUndefined();
    expect(line(fresh)).toBeUndefined();
    expect(batch.lines).toHaveLength(3);
  });

  it('waits for an officer: nothing moves until one approves, then the payouts post', async () => {
    expect((await balancesOf(t, monthly.id)).cash_available).toBe(3_000_000n);
    officer = await signInStaff(t, 'operations');
    const reply = await t.api.post<TSettlementBatch>(
      `${BASE}/${batch.id}/approve`,
      {},
      officer.token,
    );
    expect(reply.status).toBe(200);
    const done = reply.body.data;
    expect(done).toMatchObject({ status: 'paid', decided_by: officer.email });
    const paid = (c: MoneyClient) => done.lines.find((l) => l.client_id === c.id)!;
    expect(paid(monthly)).toMatchObject({ status: 'paid', paid_paise: 3_000_000 });
    expect(paid(dormant).status).toBe('paid');
    expect(paid(idleNeverTraded).status).toBe('no_bank_account');
    expect((await balancesOf(t, monthly.id)).cash_available).toBe(0n);
    expect((await balancesOf(t, dormant.id)).cash_available).toBe(0n);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
    expect(await t.ctx.settlement.runDue()).toBeNull();
    expect(await batchesOn(DATE)).toHaveLength(1);
  });

  it('leaves a date whose batch an officer rejected to the officers', async () => {
    const quarter = '2027-01-01';
    expect(t.ctx.settlement.dates.cyclesDueOn(quarter)).toEqual(['quarterly', 'monthly']);
    setClocks(istAt(quarter, '16:00'));
    const id = await t.ctx.settlement.runDue();
    expect(id).not.toBeNull();
    const checker = await signInStaff(t, 'operations');
    await t.ctx.settlement.reject(id!, checker.id, 'bank file not ready', {
      type: 'staff',
      id: checker.id,
    });
    expect(await t.ctx.settlement.runDue()).toBeNull();
    expect(await batchesOn(quarter)).toEqual([{ id, status: 'rejected', prepared_by: null }]);
  });
});
