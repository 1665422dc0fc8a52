/**
 * Pledge monitoring and the product editor: a loan taken at its full eligibility crosses the
 * margin-call and then the sell-off level as interest accrues (prices held still: the market
 * is not stepped), the client sees each step, the console's shortfall list shows it, and a
 * repayment brings it back. Admins edit products and the maker-checker threshold.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LM, type TCreditProduct, type TCreditSettings, type TShortfall } from '@sampada/shared';
import { buildTestApp, signInStaff, type SignedInStaff, type TestApp } from '../../test/helpers.ts';
import { openDeposits, signInAgain } from '../funds/test-fixtures.ts';
import { runMarket } from '../trading/test-fixtures.ts';
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
  it('margin call, sell-off, back to covered: the client sees each step, the console the shortfall', async () => {
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

    // A day's interest lifts the LTV past 50.01%: margin call.
    t.clock.advance(DAY_MS);
    c = await signInAgain(t, c);
    await t.ctx.credit.servicing.runAccrual();
    expect((await t.ctx.credit.monitoring.check()).changed).toBeGreaterThanOrEqual(1);
    let seen = await loanOf(t, c, loan.id);
    expect(seen.margin_state).toBe('margin_call');
    expect(seen.events.at(-1)).toMatchObject({ kind: 'margin_call' });
    expect(seen.events.at(-1)!.message).toMatch(/^Margin call/);
    // A console session lasts hours, not days: a fresh officer reads the list.
    const reader = await signInStaff(t, 'operations');
    const listed = await t.api.get<TShortfall[]>(`${CONSOLE}/shortfalls`, reader.token);
    const mine = listed.body.data.find((s) => s.loan.id === loan.id)!;
    expect(mine.shortfall_paise).toBe(seen.outstanding_paise - Number(eligible));
    expect(mine.shortfall_paise).toBeGreaterThan(0);

    // Three more days: the sell-off level.
    t.clock.advance(3 * DAY_MS);
    c = await signInAgain(t, c);
    await t.ctx.credit.servicing.runAccrual();
    await t.ctx.credit.monitoring.check();
    seen = await loanOf(t, c, loan.id);
    expect(seen.margin_state).toBe('sell_off');
    expect(seen.events.map((e) => e.kind).slice(-2)).toEqual(['margin_call', 'sell_off']);

    // Paying the interest and a little principal covers the loan again.
    expect((await repay(t, c, loan.id, seen.accrued_interest_paise + 10_000)).status).toBe(200);
    await t.ctx.credit.monitoring.check();
    seen = await loanOf(t, c, loan.id);
    expect(seen.margin_state).toBe('ok');
    expect(seen.events.at(-1)).toMatchObject({ kind: 'ok' });
    const after = await t.api.get<TShortfall[]>(
      `${CONSOLE}/shortfalls`,
      (await signInStaff(t, 'operations')).token,
    );
    expect(after.body.data.map((s) => s.loan.id)).not.toContain(loan.id);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});
