/**
 * A notice says what happened, with the figures (decision 056): the step that writes it puts
 * in what the client would ask first — what was bought at what price, how much was credited,
 * which instalment is due when — on real PostgreSQL over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  TClientNotification,
  TClientNotifications,
  TConsoleWithdrawal,
  TReceipt,
  TWithdrawalView,
} from '@sampada/shared';
import { signInStaff, type TestApp } from '../../test/helpers.ts';
import { addDays, istDay } from '../credit/interest.ts';
import {
  applied,
  borrower,
  DAY_MS,
  disbursed,
  loanOf,
  PERSONAL_ID,
} from '../credit/test-fixtures.ts';
import {
  addCard,
  fund,
  keyed,
  type MoneyClient,
  moneyClient,
  signInAgain,
} from '../funds/test-fixtures.ts';
import { openMarketApp, placed, trader, untilSettled } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

const noticesOf = async (c: MoneyClient): Promise<TClientNotification[]> =>
  (await t.api.get<TClientNotifications>('/client/app/v1/notifications', c.token)).body.data.items;

describe('a notice’s figures', () => {
  it('a credited deposit tells its amount in paise', async () => {
    const c = await moneyClient(t);
    const deposit = await fund(t, c, '25000.50');
    const notice = (await noticesOf(c)).find((n) => n.subject_id === deposit.id);
    expect(notice).toMatchObject({
      kind: 'deposit.confirm',
      detail: { type: 'amount', amount_paise: 2_500_050, reason: null },
    });
    // It opens the credit's receipt: the client reads that posting as their own.
    const postingId = notice!.detail!.type === 'amount' ? notice!.detail!.posting_id : undefined;
    expect(postingId).toMatch(/^\d+$/);
    const receipt = await t.api.get<TReceipt>(`/funds/app/v1/records/${postingId}`, c.token);
    expect(receipt.body.data).toMatchObject({ type: 'deposit' });
  });

  it('a paid withdrawal names the bank account it went to by its last four digits only', async () => {
    const c = await moneyClient(t);
    await fund(t, c, 20_000);
    const card = await addCard(t, c, '501000123451234');
    const requested = await t.api.post<TWithdrawalView>(
      '/funds/app/v1/withdrawals',
      { amount: '5000', bank_card_id: card.id, pin: c.pin },
      c.token,
      keyed(),
    );
    const paid = await t.api.post<TConsoleWithdrawal>(
      `/console/api/v1/funds/withdrawals/${requested.body.data.id}/pay`,
      { bank_reference: 'SBINN52026112900001' },
      (await signInStaff(t, 'operations')).token,
      keyed(),
    );
    expect(paid.body.data.status).toBe('paid');
    const notice = (await noticesOf(c)).find((n) => n.subject_id === requested.body.data.id);
    expect(notice).toMatchObject({
      kind: 'withdrawal.pay',
      detail: {
        type: 'amount',
        amount_paise: 500_000,
        reason: null,
        bank: { name: 'State Bank of India', last4: '1234' },
        posting_id: expect.stringMatching(/^\d+$/),
      },
    });
    expect(JSON.stringify(notice)).not.toContain('501000123451234');
  });

  it('a filled order tells the symbol, side, quantity and the fills’ average price', async () => {
    const c = await trader(t, 200_000);
    const order = await placed(t, c, { type: 'market', symbol: 'INFY', side: 'buy', quantity: 20 });
    const done = await untilSettled(t, c, order.id);
    expect(done.status).toBe('filled');
    const notice = (await noticesOf(c)).find((n) => n.subject_id === order.id);
    expect(notice).toMatchObject({
      kind: 'order.fill',
      detail: {
        type: 'order',
        symbol: 'INFY',
        side: 'buy',
        quantity: 20,
        filled_quantity: 20,
        average_price_paise: done.average_price_paise,
      },
    });
    expect(done.average_price_paise).toBeGreaterThan(0);
  });

  it('a loan’s reminder tells the instalment’s amount and its due date', async () => {
    let c = await borrower(t, { rupees: 20_000 });
    const loan = await applied(t, c, {
      product_id: PERSONAL_ID,
      amount_paise: 5_000_000,
      tenure_months: 12,
    });
    await disbursed(
      t,
      [await signInStaff(t, 'operations'), await signInStaff(t, 'operations')],
      loan,
    );
    c = await signInAgain(t, c);
    const first = (await loanOf(t, c, loan.id)).schedule[0]!;
    const remindOn = addDays(first.due_date, -3);
    while (istDay(t.clock.now()) < remindOn) t.clock.advance(DAY_MS);
    await t.ctx.credit.servicing.runAccrual();
    c = await signInAgain(t, c);
    const notices = await noticesOf(c);
    expect(notices.find((n) => n.kind === 'loan.disburse')).toMatchObject({
      detail: { type: 'amount', amount_paise: 5_000_000 },
    });
    expect(notices.find((n) => n.kind === 'loan.due_reminder')).toMatchObject({
      subject_id: loan.id,
      detail: { type: 'due', amount_paise: first.amount_paise, due_date: first.due_date },
    });
  });
});
