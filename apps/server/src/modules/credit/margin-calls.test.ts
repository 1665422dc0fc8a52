/**
 * Margin calls as the KFS promises them, on real PostgreSQL with prices moved on the market
 * engine (a print set by hand): the call is raised with its deadline and the client told (loan
 * event and e-mail); it stands through its last day; the day after, the pledge is invoked —
 * the largest holding by value first, only the shares that bring the LTV back to the product's
 * — and the sale, filled by trading's matcher, repays the loan through the ledger. A burst of
 * monitor passes and officers at the deadline invokes once; at the sell-off level the pledge
 * is invoked in the pass that raises the call.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LM,
  type TConsoleLoanDetail,
  type TCreditProduct,
  type TClientNotifications,
  type TLoanDetail,
} from '@sampada/shared';
import { signInStaff, type SignedInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import { keyed, type MoneyClient, signInAgain } from '../funds/test-fixtures.ts';
import { openMarketApp } from '../trading/test-fixtures.ts';
import { daysBetween, istDay } from './interest.ts';
import { invocationPlan, MARGIN_CALL_PERIOD, marginCallDeadline } from './invocation.ts';
import {
  applied,
  borrower,
  buyShares,
  CONSOLE,
  DAY_MS,
  disbursed,
  loanOf,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let t: TestApp;
let product: TCreditProduct;
beforeAll(async () => {
  t = await openMarketApp();
  const admin = await signInStaff(t, 'admin');
  product = (
    await t.api.post<TCreditProduct>(
      `${CONSOLE}/products`,
      {
        name: 'Margin-call LAS',
        kind: 'loan_against_shares',
        repayment: 'interest_only',
        annual_rate_bps: 1_050,
        tenure_months: [3],
        min_amount_paise: 2_500_000,
        max_amount_paise: 1_000_000_000,
        ltv_bps: 5_000,
        margin_call_ltv_bps: 6_000,
        sell_off_ltv_bps: 7_000,
        processing_fee_bps: 0,
      },
      admin.token,
    )
  ).body.data;
});
afterAll(async () => t?.close());

/** The market prints `rupees` for `symbol` now: the feed's price moves, awaiting orders may fill. */
async function print(symbol: string, rupees: number) {
  t.clock.advance(500);
  const state = t.ctx.market.engine.state(symbol)!;
  state.last = rupees * 100;
  state.updatedAt = t.clock.now();
  await t.ctx.trading.matcher.match([symbol]);
}

/** A borrower with 100 INFY at ₹1,500 and 20 TCS at ₹3,500 pledged for ₹1,10,000 (50%). */
async function pledgedLoan(email: string) {
  const c = await borrower(t, { rupees: 500_000 });
  await buyShares(t, c, 'INFY', 100);
  await buyShares(t, c, 'TCS', 20);
  await print('INFY', 1_500);
  await print('TCS', 3_500);
  const loan = await applied(t, c, {
    product_id: product.id,
    amount_paise: 11_000_000,
    tenure_months: 3,
    pledges: [
      { symbol: 'INFY', quantity: 100 },
      { symbol: 'TCS', quantity: 20 },
    ],
  });
  const officers = [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')] as [
    SignedInStaff,
    SignedInStaff,
  ];
  await disbursed(t, officers, loan);
  await t.ctx.db.execute(
    `insert into client_emails (client_id, address, verified_at) values ('${c.id}', '${email}', now())`,
  );
  return { c, loanId: loan.id };
}

/** A call raised today: its deadline on the exchange calendar the server runs on. */
const deadlineFromToday = () =>
  marginCallDeadline(istDay(t.clock.now()), (day) => t.ctx.market.calendar.isTradingDay(day));

/** Calendar days from today to a call's deadline (more than 7 when a weekend or holiday falls in). */
const daysTo = (deadline: string) => daysBetween(istDay(t.clock.now()), deadline);

/** Whole days pass: the accrual job runs through yesterday (sessions end: sign in again). */
async function daysPass(c: MoneyClient, days: number) {
  t.clock.advance(days * DAY_MS);
  await t.ctx.credit.servicing.runAccrual();
  return signInAgain(t, c);
}

const consoleLoan = async (loanId: string) =>
  (
    await t.api.get<TConsoleLoanDetail>(
      `${CONSOLE}/loans/${loanId}`,
      (await signInStaff(t, 'operations')).token,
    )
  ).body.data;

const mailsOf = (clientId: string) =>
  sqlRows<{ id: string; purpose: string; subject: string; body: string; html: string | null }>(
    t,
    `select id, purpose, subject, body, html from mail_outbox where client_id = '${clientId}' order by created_at`,
  );

/** The message as delivered (no SMTP_URL: the .eml file the transport wrote), parsed. */
async function delivered(id: string) {
  await t.ctx.mail.deliverDue();
  return simpleParser(await readFile(path.join(t.ctx.config.dataDir, 'outbox', `${id}.eml`)));
}

const salesOf = (loanId: string) =>
  sqlRows<{ order_id: string; symbol: string; quantity: string }>(
    t,
    `select order_id, symbol, quantity from loan_pledge_sales where loan_id = '${loanId}' order by symbol`,
  );

const holding = async (clientId: string, symbol: string) =>
  (
    await sqlRows<{ quantity: string; pledged: string; reserved: string }>(
      t,
      `select quantity, pledged, reserved from holdings where client_id = '${clientId}' and symbol = '${symbol}'`,
    )
  )[0];

describe('a margin call and its deadline', () => {
  it('raised on a price fall, told, stands to its deadline, then sells the largest holding first and only enough', async () => {
    // A call runs 9 to 12 calendar days by the weekday it is raised on (weekends, holidays), and
    // the interest over them moves the shares sold: start on a day whose call runs nine.
    for (let day = 0; day < 14 && daysTo(deadlineFromToday()) !== 9; day++) {
      t.clock.advance(DAY_MS);
    }
    const made = await pledgedLoan('margin@client.test');
    const { loanId } = made;
    let { c } = made;
    expect((await t.ctx.credit.monitoring.check()).raised).toBe(0);

    // The market falls 20%: ₹1,10,000 on ₹1,76,000 of shares is 62.50%, over the 60% call.
    await print('INFY', 1_200);
    await print('TCS', 2_800);
    const deadline = deadlineFromToday();
    const passes = await Promise.all(
      Array.from({ length: 6 }, () => t.ctx.credit.monitoring.check()),
    );
    expect(passes.reduce((n, p) => n + p.raised, 0)).toBe(1);
    let seen = await loanOf(t, c, loanId);
    // Seven working days and the weekend in them.
    expect(daysTo(deadline)).toBe(9);
    expect(seen.margin_state).toBe('margin_call');
    expect(seen.margin_call_deadline).toBe(deadline);
    const told = seen.events.filter((e) => e.kind === 'margin_call');
    expect(told).toHaveLength(1);
    // Shortfall: ₹1,10,000 − 50% of ₹1,76,000 = ₹22,000.
    expect(told[0]!.message).toContain(
      `Repay ₹22,000.00 by ${deadline} (end of day, IST; ${MARGIN_CALL_PERIOD} from today)`,
    );
    expect(told[0]!.message).toContain('largest holding by value first');
    const [mail] = await mailsOf(c.id);
    expect(mail).toMatchObject({ purpose: 'loan.margin_call', body: told[0]!.message });
    // One multipart/alternative message: the text the app shows, and HTML setting out the figures.
    const sent = await delivered(mail!.id);
    expect(sent.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(sent.text?.trim()).toBe(told[0]!.message);
    expect(sent.html).toContain(
      '<h1 style="font-size:18px;margin:0 0 12px">Margin call on your loan against shares</h1>',
    );
    expect(sent.html).toMatch(/>Repay<\/th><td[^>]*>₹22,000\.00<\/td>/);
    expect(sent.html).toContain(`${deadline}, end of day IST (${MARGIN_CALL_PERIOD})`);
    let detail = await consoleLoan(loanId);
    expect(detail.margin_calls).toMatchObject([
      { status: 'open', deadline, ltv_bps: 6_250, shortfall_paise: 2_200_000, sold: [] },
    ]);

    // Through the deadline's last day the call stands and nothing is sold.
    c = await daysPass(c, daysTo(deadline));
    expect(istDay(t.clock.now())).toBe(deadline);
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ raised: 0, invoked: 0 });
    expect(await salesOf(loanId)).toEqual([]);

    // The day after: invoked. INFY (₹1,20,000) is larger than TCS (₹56,000); only INFY sells.
    c = await daysPass(c, 1);
    const debt = BigInt((await loanOf(t, c, loanId)).outstanding_paise);
    const plan = invocationPlan({
      debtPaise: debt,
      ltvBps: 5_000,
      lines: [
        { symbol: 'INFY', held: 100, pricePaise: 120_000n },
        { symbol: 'TCS', held: 20, pricePaise: 280_000n },
      ],
    });
    // By hand: (debt − ₹88,000) ÷ 0.49 ≈ ₹45,400 → 38 INFY at ₹1,200.
    expect(plan).toEqual([{ symbol: 'INFY', quantity: 38, valuePaise: 4_560_000n }]);
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ invoked: 1 });
    const sales = await salesOf(loanId);
    expect(sales.map((s) => [s.symbol, Number(s.quantity)])).toEqual([['INFY', 38]]);
    expect(await holding(c.id, 'INFY')).toEqual({ quantity: '100', pledged: '62', reserved: '38' });
    expect(await holding(c.id, 'TCS')).toMatchObject({ pledged: '20', reserved: '0' });
    seen = await loanOf(t, c, loanId);
    expect(seen.margin_call_deadline).toBeNull();
    expect(seen.events.at(-1)!.kind).toBe('invoke_pledge');
    expect(seen.events.at(-1)!.message).toContain(`margin call not met by ${deadline}`);
    expect(seen.events.at(-1)!.message).toContain('38 INFY put up for sale');
    // A pass while the sale is open leaves the loan alone.
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ raised: 0, invoked: 0 });

    // The matcher fills the sale at the next print; the monitor applies it through the ledger.
    await print('INFY', 1_200);
    expect((await t.ctx.credit.monitoring.check()).settled).toBe(1);
    const [repayment] = await sqlRows<{ source: string; amount_paise: string }>(
      t,
      `select source, amount_paise from loan_repayments where loan_id = '${loanId}' and source = 'pledge_sale'`,
    );
    const [fill] = await sqlRows<{ proceeds: string }>(
      t,
      `select (filled_value_paise - charges_paise)::text as proceeds from orders where id = '${sales[0]!.order_id}'`,
    );
    expect(repayment!.amount_paise).toBe(fill!.proceeds);
    expect(await holding(c.id, 'INFY')).toEqual({ quantity: '62', pledged: '62', reserved: '0' });
    seen = await loanOf(t, c, loanId);
    expect(seen.status).toBe('disbursed');
    expect(seen.ltv_bps).toBeLessThanOrEqual(5_000);
    expect(seen.margin_state).toBe('ok');
    detail = await consoleLoan(loanId);
    expect(detail.margin_calls).toMatchObject([
      { status: 'invoked', deadline, sold: [{ symbol: 'INFY', quantity: 38 }] },
    ]);
    expect((await mailsOf(c.id)).map((m) => m.purpose)).toEqual([
      'loan.margin_call',
      'loan.invoke_pledge',
    ]);
    // Covered again: later passes raise nothing.
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ raised: 0, invoked: 0 });
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });

  it('a burst of monitor passes and officers at the deadline invokes once', async () => {
    const made = await pledgedLoan('burst@client.test');
    const { loanId } = made;
    let { c } = made;
    await print('INFY', 1_200);
    await print('TCS', 2_800);
    const deadline = deadlineFromToday();
    await t.ctx.credit.monitoring.check();
    c = await daysPass(c, daysTo(deadline) + 1);
    const officers = await Promise.all(
      Array.from({ length: 4 }, () => signInStaff(t, 'operations')),
    );
    const [passes, replies] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => t.ctx.credit.monitoring.check())),
      Promise.all(
        officers.map((o) =>
          t.api.post(`${CONSOLE}/loans/${loanId}/invoke-pledge`, {}, o.token, keyed()),
        ),
      ),
    ]);
    const byHand = replies.filter((r) => r.status === 200).length;
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(passes.reduce((n, p) => n + p.invoked, 0) + byHand).toBe(1);
    for (const reply of replies.filter((r) => r.status === 409))
      expect([LM.notSellOff, LM.pledgeSaleOpen]).toContain(reply.body.message);
    expect(await salesOf(loanId)).toHaveLength(1);
    const calls = await sqlRows<{ status: string }>(
      t,
      `select status from loan_margin_calls where loan_id = '${loanId}'`,
    );
    expect(calls).toEqual([{ status: 'invoked' }]);
    const audits = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from audit_log where action = 'loan.invoke_pledge' and subject_id = '${loanId}'`,
    );
    expect(audits[0]!.n).toBe(1);
    expect(
      (await loanOf(t, c, loanId)).events.filter((e) => e.kind === 'invoke_pledge'),
    ).toHaveLength(1);
  });

  it('at the sell-off level the pass that raises the call invokes it, and the notice names the sale', async () => {
    const { c, loanId } = await pledgedLoan('selloff@client.test');
    // ₹1,10,000 on ₹1,46,000 (INFY ₹1,000, TCS ₹2,300): 75.35%, over the 70% sell-off level.
    await print('INFY', 1_000);
    await print('TCS', 2_300);
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ invoked: 1 });
    const seen: TLoanDetail = await loanOf(t, c, loanId);
    expect(seen.events.map((e) => e.kind).slice(-2)).toEqual(['margin_call', 'invoke_pledge']);
    expect(seen.events.at(-1)!.message).toContain('(sell-off level)');
    // (₹1,10,000 − ₹73,000) ÷ 0.49 = ₹75,510.21: 76 of the 100 INFY (the larger holding).
    expect((await salesOf(loanId)).map((s) => [s.symbol, Number(s.quantity)])).toEqual([
      ['INFY', 76],
    ]);
    // The bell's notice (decision 056): 76 INFY at the plan's ₹1,000 and the ₹75,510.21 target.
    const notices = (await t.api.get<TClientNotifications>('/client/app/v1/notifications', c.token))
      .body.data.items;
    expect(notices.find((n) => n.kind === 'loan.invoke_pledge')).toMatchObject({
      subject_id: loanId,
      detail: {
        type: 'pledge_sale',
        sold: [{ symbol: 'INFY', quantity: 76, value_paise: 7_600_000 }],
        recover_paise: 7_551_021,
      },
    });

    // The sale fills and settles: the bell then says what it raised and what it repaid.
    await print('INFY', 1_000);
    expect((await t.ctx.credit.monitoring.check()).settled).toBe(1);
    const [settled] = await sqlRows<{ proceeds: string; applied: string }>(
      t,
      `select (o.filled_value_paise - o.charges_paise)::text as proceeds, s.applied_paise::text as applied
       from loan_pledge_sales s join orders o on o.id = s.order_id where s.loan_id = '${loanId}'`,
    );
    expect(Number(settled!.applied)).toBeGreaterThan(0);
    const after = (await t.api.get<TClientNotifications>('/client/app/v1/notifications', c.token))
      .body.data.items;
    expect(after.filter((n) => n.kind === 'loan.pledge_sale')).toEqual([
      expect.objectContaining({
        subject_id: loanId,
        detail: {
          type: 'pledge_sold',
          symbol: 'INFY',
          quantity: 76,
          sold_quantity: 76,
          proceeds_paise: Number(settled!.proceeds),
          repaid_paise: Number(settled!.applied),
        },
      }),
    ]);
  });
});

describe('a margin call met', () => {
  it('a repayment under the call level meets it; nothing is sold', async () => {
    const made = await pledgedLoan('met@client.test');
    const { loanId } = made;
    let { c } = made;
    await print('INFY', 1_200);
    await print('TCS', 2_800);
    const deadline = deadlineFromToday();
    await t.ctx.credit.monitoring.check();
    c = await daysPass(c, 2);
    const owed = (await loanOf(t, c, loanId)).outstanding_paise;
    const repaid = await t.api.post(
      `/loan/app/v1/loans/${loanId}/repay`,
      { amount_paise: owed - 8_000_000, pin: c.pin },
      c.token,
      keyed(),
    );
    expect(repaid.status).toBe(200);
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ met: 1 });
    const seen = await loanOf(t, c, loanId);
    expect(seen.margin_call_deadline).toBeNull();
    expect(seen.events.at(-1)).toMatchObject({ kind: 'ok' });
    expect(seen.events.at(-1)!.message).toMatch(/^Margin call met/);
    // Past what would have been the deadline nothing is sold.
    c = await daysPass(c, daysTo(deadline) + 1);
    expect(await t.ctx.credit.monitoring.check()).toMatchObject({ invoked: 0 });
    expect(await salesOf(loanId)).toEqual([]);
    expect((await consoleLoan(loanId)).margin_calls.map((m) => m.status)).toEqual(['met']);
  });
});
