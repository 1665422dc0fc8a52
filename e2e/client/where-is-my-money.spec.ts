/**
 * Where is my money (issue 36, decision 047) and the nominee reminder, for a real client at
 * 1440 px and at 375 px: Home reminds a client with neither nominees nor an opt-out and links
 * to Me › Nominees; a client with an open order, a sale and a buy not yet settled (T+1), a
 * pending withdrawal and a pending deposit sees on Client Assets every part of their cash,
 * adding up to the total, each equal to what the server computed; after opting out, Home no
 * longer reminds. Nothing wider than the screen; no serious axe violation.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { formatPaise, md5, type TMoneyBreakdown, type TOrder } from '@sampada/shared';
import { settled, violations } from '../support/axe';
import {
  PIN,
  clientCall,
  clientToken,
  createOps,
  fundClient,
  getOrder,
  runId,
  setPin,
  staffToken,
} from '../support/trading';
import { approvedClient, expect, screenshot, signIn, test } from './fixtures';

const FILL_MS = 60_000;

/** The last price of `symbol` in rupees, from the stock API the apps read. */
async function lastPrice(request: APIRequestContext, token: string, symbol: string) {
  const config = await clientCall(request, token, 'get', '/market/app/v1/config');
  const response = await request.get('/stock/api/v1/stock_detail', {
    params: { s: symbol, market: 'NSE' },
    headers: { 'X-API-KEY': config.stock_api_key as string },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data.price as number;
}

async function order(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  return (await clientCall(request, token, 'post', '/trade/app/v1/orders', {
    ...body,
    pin: md5(PIN),
  })) as TOrder;
}

async function filled(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const placed = await order(request, token, { type: 'market', ...body });
  await expect
    .poll(async () => (await getOrder(request, token, placed.id)).status, { timeout: FILL_MS })
    .toBe('filled');
}

/** The page no wider than the screen (decision 020). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('[CLIENT][MONEY]: Home reminds about nominees; Client Assets explains every rupee, adding up to the total', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const run = runId(test.info().project.name);
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);
  const card = await clientCall(request, token, 'post', '/funds/app/v1/bank-cards', {
    holder_name: client.name,
    account_number: `5010${Date.now()}`.slice(0, 14),
    ifsc: 'HDFC0001234',
    pin: md5(PIN),
  });
  const ops = await staffToken(request, await createOps(`${run}-money`));
  await fundClient(request, token, ops, 100_000);

  // Home: no nominees and no opt-out yet, so a reminder that leads to Me › Nominees.
  await signIn(page, client);
  const reminder = page.getByTestId('nominee-reminder');
  await expect(reminder).toContainText('Add your nominees');
  expect(await violations(page, '[data-testid="nominee-reminder"]')).toEqual([]);
  await screenshot(page, 'money-nominee-reminder');
  await reminder.getByRole('link', { name: 'Go to Nominees' }).click();
  await expect(page).toHaveURL(/\/me\/nominees$/);
  await expect(page.getByTestId('nominees-page')).toBeVisible();

  // Money in every state: a sale and a buy of today (T+1), an open order well under the
  // price, a withdrawal operations have not paid and a deposit they have not confirmed.
  const tcs = await lastPrice(request, token, 'TCS');
  const lots = Math.ceil(25_000 / tcs);
  await filled(request, token, { symbol: 'TCS', side: 'buy', quantity: lots });
  await filled(request, token, { symbol: 'TCS', side: 'sell', quantity: lots });
  // 95% of the last price in whole rupees: on every tick grid and inside the band.
  const limit = Math.floor((await lastPrice(request, token, 'INFY')) * 0.95);
  const open = await order(request, token, {
    type: 'limit',
    symbol: 'INFY',
    side: 'buy',
    quantity: Math.ceil(25_000 / limit),
    limit_price: String(limit),
  });
  expect(open.status).toBe('awaiting');
  await clientCall(request, token, 'post', '/funds/app/v1/withdrawals', {
    amount: '1500',
    bank_card_id: card.id,
    pin: md5(PIN),
  });
  await clientCall(request, token, 'post', '/funds/app/v1/deposits', {
    amount: '25000',
    method: 'IMPS',
    utr: `${Date.now()}`.slice(-12),
  });
  // The open order may have filled meanwhile; what counts is what the server says now.
  const api = (await clientCall(
    request,
    token,
    'get',
    '/funds/app/v1/money-breakdown',
  )) as TMoneyBreakdown;
  const assets = await clientCall(request, token, 'get', '/stat/app/v1/asset');
  expect(api.total_paise).toBe(assets.cash_available_paise + assets.cash_on_hold_paise);
  expect(api.parts.reduce((sum, p) => sum + p.amount_paise, 0)).toBe(api.total_paise);
  expect(api.pending_deposits_paise).toBe(2_500_000);
  expect(api.settlement_due_in_paise).toBeGreaterThan(0);
  expect(api.settlement_due_out_paise).toBeGreaterThan(0);
  expect(api.parts.find((p) => p.kind === 'pending_withdrawals')!.amount_paise).toBe(150_000);

  await page.goto('/me/assets');
  const section = page.getByTestId('money-breakdown');
  await expect(section.getByTestId('money-total')).toHaveText(formatPaise(api.total_paise));
  for (const part of api.parts.filter((p) => p.amount_paise !== 0))
    await expect(section.getByTestId(`money-part-${part.kind}`)).toHaveText(
      formatPaise(part.amount_paise),
    );
  // The screen's parts add up to the screen's total.
  const shown = await section.locator('[data-testid^="money-part-"]').allTextContents();
  const paise = shown.map((text) => Math.round(Number(text.replace(/[₹,]/g, '')) * 100));
  expect(paise.reduce((a, b) => a + b, 0)).toBe(api.total_paise);
  await expect(section.getByTestId('money-pending-deposits')).toHaveText('₹25,000.00');
  await expect(section.getByTestId('money-due-in')).toHaveText(
    formatPaise(api.settlement_due_in_paise),
  );
  await expect(section.getByTestId('money-due-out')).toHaveText(
    formatPaise(api.settlement_due_out_paise),
  );
  await expect(section.getByTestId('money-next-settlement')).toContainText(
    `we would pay ${formatPaise(api.next_settlement.payout_now_paise)}`,
  );
  await expect(section).toContainText(/as of .* IST\./);
  await settled(page);
  expect(await overflow(page)).toBe(false);
  expect(await violations(page, '[data-testid="assets-page"]')).toEqual([]);
  await screenshot(page, 'money-where-is-my-money');

  // Once the client opts out, Home's reminder is gone.
  await clientCall(request, token, 'post', '/client/app/v1/nominees/opt-out', {
    pin: md5(PIN),
    declaration: true,
  });
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/client/app/v1/nominees' && r.status() === 200,
  );
  await page.goto('/dashboard');
  expect((await (await answer).json()).data.remind_on_home).toBe(false);
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expect(page.getByTestId('nominee-reminder')).toHaveCount(0);
});
