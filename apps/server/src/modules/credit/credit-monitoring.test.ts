/**
 * Pledge monitoring and the product editor: a loan taken at its full eligibility crosses the
 * margin-call level as interest accrues (prices held still: the market is not stepped), the
 * client sees the call, the console's shortfall list shows it, and a repayment meets it; at the
 * sell-off level an officer invokes the pledge by hand with the monitor's plan. Admins edit
 * products and the maker-checker threshold. Deadlines and price moves: margin-calls.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LM,
  TM,
  type TConsoleLoanDetail,
  type TCreditProduct,
  type TCreditSettings,
  type TShortfall,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { balancesOf, keyed, openDeposits, signInAgain } from '../funds/test-fixtures.ts';
import { runMarket, untilSettled } from '../trading/test-fixtures.ts';
import {
  applied,
  borrower,
  buyShares,
  CONSOLE,
  DAY_MS,
  disbursed,
  loanOf,
  priceOf,
  repay,
} from './test-fixtures.ts';
import { invocationPlan } from './invocation.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let admin: SignedInStaff;
let ops1: SignedInStaff;
let ops2: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  admin = await signInStaff(t, 'admin');
  ops1 = await signInStaff(t, 'operations');
  ops2 = await signInStaff(t, 'operations');
  await runMarket(t, 4);
});
afterAll(async () => t?.close());

const tightProduct = {
  name: 'Tight loan against shares',
  kind: 'loan_against_shares',
  repayment: 'interest_only',
  annual_rate_bps: 1_050,
  tenure_months: [3],
  min_amount_paise: 2_500_000,
  max_amount_paise: 1_000_000_000,
  ltv_bps: 5_000,
  margin_call_ltv_bps: 5_001,
  sell_off_ltv_bps: 5_004,
  processing_fee_bps: 0,
};

describe('the product editor and settings (admin)', () => {
  it('creates and edits products with the same rules as the form; sets the threshold', async () => {
    const above = await t.api.post(
      `${CONSOLE}/products`,
      { ...tightProduct, ltv_bps: 6_000, margin_call_ltv_bps: 7_000, sell_off_ltv_bps: 8_000 },
      admin.token,
    );
    expect([above.status, above.body.message]).toEqual([400, LM.ltvAboveCap]);
    const order = await t.api.post(
      `${CONSOLE}/products`,
      { ...tightProduct, margin_call_ltv_bps: 4_000 },
      admin.token,
    );
    expect([order.status, order.body.message]).toEqual([400, LM.ltvOrder]);
    const denied = await t.api.post(`${CONSOLE}/products`, tightProduct, ops1.token);
    expect(denied.status).toBe(403);

    const created = await t.api.post<TCreditProduct>(
      `${CONSOLE}/products`,
      tightProduct,
      admin.token,
    );
    expect(created.status).toBe(200);
    const edited = await t.api.put<TCreditProduct>(
      `${CONSOLE}/products/${created.body.data.id}`,
      { ...tightProduct, name: 'Tight LAS', tenure_months: [6, 3, 3] },
      admin.token,
    );
    expect(edited.body.data).toMatchObject({ name: 'Tight LAS', tenure_months: [3, 6] });

    // The cooling-off period: 3 days unless set, 0 to 30, kept by an edit that leaves it out.
    expect(created.body.data.cooling_off_days).toBe(3);
    const tooLong = await t.api.put(
      `${CONSOLE}/products/${created.body.data.id}`,
      { ...tightProduct, cooling_off_days: 31 },
      admin.token,
    );
    expect([tooLong.status, tooLong.body.message]).toEqual([400, LM.coolingOffInvalid]);
    const week = await t.api.put<TCreditProduct>(
      `${CONSOLE}/products/${created.body.data.id}`,
      { ...tightProduct, cooling_off_days: 7 },
      admin.token,
    );
    expect(week.body.data.cooling_off_days).toBe(7);
    const kept = await t.api.put<TCreditProduct>(
      `${CONSOLE}/products/${created.body.data.id}`,
      tightProduct,
      admin.token,
    );
    expect(kept.body.data.cooling_off_days).toBe(7);

    const settings = await t.api.put<TCreditSettings>(
      `${CONSOLE}/settings`,
      { approval_threshold_paise: 100_000_000 },
      admin.token,
    );
    expect(settings.body.data.approval_threshold_paise).toBe(100_000_000);
    const read = await t.api.get<TCreditSettings>(`${CONSOLE}/settings`, ops1.token);
    expect(read.body.data.approval_threshold_paise).toBe(100_000_000);
  });
});

describe('pledge monitoring', () => {
  it('margin call, then covered by a repayment: the client sees each step, the console the shortfall', async () => {
    const product = (
      await t.api.post<TCreditProduct>(
        `${CONSOLE}/products`,
        { ...tightProduct, name: 'Monitored LAS' },
        admin.token,
      )
    ).body.data;
    let c = await borrower(t, { rupees: 400_000 });
    await buyShares(t, c, 'INFY', 100);
    const value = priceOf(t, 'INFY') * 100n;
    const eligible = value / 2n;
    const loan = await applied(t, c, {
      product_id: product.id,
      amount_paise: Number(eligible),
      tenure_months: 3,
      pledges: [{ symbol: 'INFY', quantity: 100 }],
    });
    await disbursed(t, [ops1, ops2], loan);
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ changed: 0 });
    const none = await t.api.get<TShortfall[]>(`${CONSOLE}/shortfalls`, ops1.token);
    expect(none.body.data.map((s) => s.loan.id)).not.toContain(loan.id);

    // A day's interest lifts the LTV past 50.01%: a margin call with its deadline.
    t.clock.advance(DAY_MS);
    c = await signInAgain(t, c);
    await t.ctx.credit.servicing.runAccrual();
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ changed: 1, raised: 1 });
    let seen = await loanOf(t, c, loan.id);
    expect(seen.margin_state).toBe('margin_call');
    expect(seen.margin_call_deadline).not.toBeNull();
    expect(seen.events.at(-1)).toMatchObject({ kind: 'margin_call' });
    expect(seen.events.at(-1)!.message).toMatch(/^Margin call/);
    // A console session lasts hours, not days: a fresh officer reads the list.
    const reader = await signInStaff(t, 'operations');
    const listed = await t.api.get<TShortfall[]>(`${CONSOLE}/shortfalls`, reader.token);
    const mine = listed.body.data.find((s) => s.loan.id === loan.id)!;
    expect(mine.shortfall_paise).toBe(seen.outstanding_paise - Number(eligible));
    expect(mine.shortfall_paise).toBeGreaterThan(0);

    // Paying the interest and a little principal covers the loan again: the call is met.
    expect((await repay(t, c, loan.id, seen.accrued_interest_paise + 10_000)).status).toBe(200);
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ met: 1 });
    seen = await loanOf(t, c, loan.id);
    expect(seen.margin_state).toBe('ok');
    expect(seen.margin_call_deadline).toBeNull();
    expect(seen.events.at(-1)).toMatchObject({ kind: 'ok' });
    const after = await t.api.get<TShortfall[]>(
      `${CONSOLE}/shortfalls`,
      (await signInStaff(t, 'operations')).token,
    );
    expect(after.body.data.map((s) => s.loan.id)).not.toContain(loan.id);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});

describe('invoking a pledge by hand at the sell-off level', () => {
  it('operations sell only what restores the LTV, before the monitor; the sale repays the loan', async () => {
    // Console sessions do not outlive the days the earlier test moved the clock by.
    const admin2 = await signInStaff(t, 'admin');
    const [deskA, deskB] = [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')];
    const product = (
      await t.api.post<TCreditProduct>(
        `${CONSOLE}/products`,
        { ...tightProduct, name: 'Invoked LAS' },
        admin2.token,
      )
    ).body.data;
    let c = await borrower(t, { rupees: 400_000 });
    await buyShares(t, c, 'TCS', 50);
    const eligible = (priceOf(t, 'TCS') * 50n) / 2n;
    const loan = await applied(t, c, {
      product_id: product.id,
      amount_paise: Number(eligible),
      tenure_months: 3,
      pledges: [{ symbol: 'TCS', quantity: 50 }],
    });
    await disbursed(t, [deskA, deskB], loan);
    const officer = deskA;
    // Not at sell-off yet: nothing to invoke.
    const early = await t.api.post(
      `${CONSOLE}/loans/${loan.id}/invoke-pledge`,
      {},
      officer.token,
      keyed(),
    );
    expect([early.status, early.body.message]).toEqual([409, LM.notSellOff]);

    // Four days' interest: the sell-off level (the monitor has not passed yet).
    t.clock.advance(4 * DAY_MS);
    c = await signInAgain(t, c);
    await t.ctx.credit.servicing.runAccrual();
    expect((await loanOf(t, c, loan.id)).margin_state).toBe('sell_off');
    const advisor = await signInStaff(t, 'advisor');
    expect(
      (await t.api.post(`${CONSOLE}/loans/${loan.id}/invoke-pledge`, {}, advisor.token, keyed()))
        .status,
    ).toBe(403);
    const invoker = await signInStaff(t, 'operations');
    const owed = BigInt((await loanOf(t, c, loan.id)).outstanding_paise);
    const plan = invocationPlan({
      debtPaise: owed,
      ltvBps: tightProduct.ltv_bps,
      lines: [{ symbol: 'TCS', held: 50, pricePaise: priceOf(t, 'TCS') }],
    });
    expect(plan).toHaveLength(1);
    expect(plan[0]!.quantity).toBeLessThan(50);
    const invoked = await t.api.post<TConsoleLoanDetail>(
      `${CONSOLE}/loans/${loan.id}/invoke-pledge`,
      {},
      invoker.token,
      keyed(),
    );
    expect(invoked.status).toBe(200);
    expect(invoked.body.data.pledges[0]).toMatchObject({
      symbol: 'TCS',
      invoked_quantity: plan[0]!.quantity,
    });
    expect(invoked.body.data.events.at(-1)!.kind).toBe('invoke_pledge');
    expect(invoked.body.data.margin_calls).toMatchObject([
      { status: 'invoked', sold: [{ symbol: 'TCS', quantity: plan[0]!.quantity }] },
    ]);
    // A second hand while the sale is open: 409.
    const again = await t.api.post(
      `${CONSOLE}/loans/${loan.id}/invoke-pledge`,
      {},
      invoker.token,
      keyed(),
    );
    expect([again.status, again.body.message]).toEqual([409, LM.pledgeSaleOpen]);

    // The client cannot cancel the sale operations placed.
    const [sale] = await sqlRows<{ order_id: string }>(
      t,
      `select order_id from loan_pledge_sales where loan_id = '${loan.id}'`,
    );
    const cancel = await t.api.post(
      `/trade/app/v1/orders/${sale!.order_id}/cancel`,
      {},
      c.token,
      keyed(),
    );
    expect([cancel.status, cancel.body.message]).toEqual([409, TM.pledgeSaleNoCancel]);

    // The engine sells; the monitor's next pass applies the proceeds to the loan.
    const order = await untilSettled(t, c, sale!.order_id);
    expect(order.status).toBe('filled');
    const cashAfterSale = (await balancesOf(t, c.id)).cash_available;
    expect((await t.ctx.credit.monitoring.check()).settled).toBe(1);
    const [applied_] = await sqlRows<{ applied_paise: string }>(
      t,
      `select applied_paise from loan_pledge_sales where order_id = '${sale!.order_id}'`,
    );
    const after = await loanOf(t, c, loan.id);
    expect(after.status).toBe('disbursed');
    expect(after.events.map((e) => e.kind).slice(-2)).toEqual(['repay', 'pledge_sale']);
    expect(BigInt(after.outstanding_paise)).toBe(owed - BigInt(applied_!.applied_paise));
    expect((await balancesOf(t, c.id)).cash_available).toBe(
      cashAfterSale - BigInt(applied_!.applied_paise),
    );
    const [held] = await sqlRows<{ quantity: string; reserved: string; pledged: string }>(
      t,
      `select quantity, reserved, pledged from holdings where client_id = '${c.id}' and symbol = 'TCS'`,
    );
    const left = String(50 - plan[0]!.quantity);
    expect(held).toEqual({ quantity: left, reserved: '0', pledged: left });
    // A second pass settles nothing more.
    expect((await t.ctx.credit.monitoring.check()).settled).toBe(0);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});
