/**
 * A split through maker-checker, end to end: one operations officer proposes it in the console
 * (the same officer cannot approve it, and the screen says why), a second approves it, the
 * daily job applies it on its ex-date, and the client's holding shows twice the shares. The
 * officers sit at desks (1440 px); the client is on the project's screen (1440 px or 375 px).
 */
import { type Browser, type Page } from '@playwright/test';
import { md5 } from '@sampada/shared';
import { approvedClient, expect, screenshot, signIn, test, toast } from '../client/fixtures';
import { violations } from '../support/axe';
import { sampada } from '../support/cli';
import {
  clientCall,
  clientToken,
  createOps,
  fundClient,
  getOrder,
  istToday,
  PIN,
  runId,
  setPin,
  STAFF_PASSWORD,
  staffToken,
} from '../support/trading';
import { CONSOLE, signInFirstTime } from './support';

/** A scrip no other spec and not the demo holds, one per project: a split touches every holder. */
const SYMBOL: Record<string, string> = { desktop: 'SBIN', phone: 'AXISBANK' };
// Over the ₹19,000 minimum order at either scrip's price (₹970, ₹1,270).
const BOUGHT = 40;

/** An officer at a desk of their own: a 1440 px window, signed in to the console. */
async function officerDesk(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await context.newPage();
  await signInFirstTime(desk, email, STAFF_PASSWORD);
  await desk.goto(`${CONSOLE}/corporate-actions`);
  await expect(desk.getByRole('heading', { level: 1, name: 'Corporate actions' })).toBeVisible();
  return desk;
}

const tomorrowIst = () => {
  const day = new Date(`${istToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

test('[CONSOLE][CORPORATE-ACTIONS]: one officer proposes a 2:1 split, a second approves, the daily job applies it and the client holds twice the shares', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = runId(testInfo.project.name);
  const symbol = SYMBOL[testInfo.project.name] ?? 'SUNPHARMA';
  const exDate = tomorrowIst();

  // A client who holds 40 shares bought today (so a holder before tomorrow's ex-date).
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);
  const maker = await createOps(`${run}-maker`);
  const checker = await createOps(`${run}-checker`);
  // The deposit is confirmed over the API by a third officer: the two at desks enrol there.
  const funds = await staffToken(request, await createOps(`${run}-funds`));
  await fundClient(request, token, funds, 100_000);
  const order = await clientCall(request, token, 'post', '/trade/app/v1/orders', {
    type: 'market',
    symbol,
    side: 'buy',
    quantity: BOUGHT,
    pin: md5(PIN),
  });
  await expect
    .poll(async () => (await getOrder(request, token, order.id as string)).status, {
      timeout: 60_000,
    })
    .toBe('filled');

  // The maker proposes the split with the form for its kind.
  const makerDesk = await officerDesk(browser, maker);
  await makerDesk.getByTestId('action-propose').click();
  const form = makerDesk.getByRole('dialog', { name: 'Propose a corporate action' });
  await form.getByTestId('action-symbol').fill(symbol.toLowerCase());
  await form.getByTestId('action-ex-date').fill(exDate);
  await form.getByTestId('action-ratio-new').fill('1');
  await form.getByTestId('action-ratio-old').fill('1');
  await form.getByTestId('action-propose-submit').click();
  await expect(form.getByText('A split gives more shares than before')).toBeVisible();
  await form.getByTestId('action-ratio-new').fill('2');
  await expect(form.getByTestId('action-effect')).toHaveText(
    'A holder of 100 shares will hold 200; total cost is unchanged, so the average price moves by 1/2.',
  );
  await screenshot(makerDesk, 'corporate-action-propose');
  await form.getByTestId('action-propose-submit').click();
  await expect(toast(makerDesk, 'Proposed; a second officer must approve it.')).toBeVisible();
  await expect(form).toBeHidden();
  const mine = makerDesk.locator(`[data-testid="action-row"][data-symbol="${symbol}"]`);
  await expect(mine).toContainText('Split 2:1');
  await expect(mine).toContainText(maker);
  await expect(mine.getByTestId('action-approve')).toBeDisabled();
  await expect(mine.getByTestId('action-own')).toHaveText(
    'You proposed this: a second officer must approve it.',
  );
  expect(await violations(makerDesk)).toEqual([]);

  // The checker sees who proposed it, and approves: it waits for its ex-date.
  const checkerDesk = await officerDesk(browser, checker);
  const row = checkerDesk.locator(`[data-testid="action-row"][data-symbol="${symbol}"]`);
  await expect(row).toContainText(maker);
  await row.getByTestId('action-approve').click();
  const approve = checkerDesk.getByRole('dialog', { name: 'Approve corporate action' });
  await expect(approve.getByTestId('approve-when')).toContainText('it is applied at the start of');
  await screenshot(checkerDesk, 'corporate-action-approve');
  await approve.getByTestId('approve-submit').click();
  await expect(toast(checkerDesk, 'Approved.')).toBeVisible();
  await checkerDesk.getByTestId('action-status').click();
  await checkerDesk.getByRole('option', { name: /^Approved/ }).click();
  await expect(row).toContainText(`Approved by ${checker}`);

  // The daily job at the start of the ex-date's session applies it.
  expect(await sampada('corporate-action', 'apply', '--date', exDate)).toContain(
    `applied ${symbol} split: `,
  );

  // The client's holding: twice the shares, the cost unchanged.
  await signIn(page, client);
  await page.goto('/portfolio/holding');
  await expect(page.getByTestId(`holding-quantity-${symbol}`)).toHaveText(String(2 * BOUGHT));
  await screenshot(page, 'corporate-action-holding');
  const holdings = (await clientCall(request, token, 'get', '/stat/app/v1/portfolio')).holdings as {
    symbol: string;
    quantity: number;
  }[];
  expect(holdings.find((h) => h.symbol === symbol)?.quantity).toBe(2 * BOUGHT);

  // The console lists it as applied, when, once read again.
  await checkerDesk.goto(`${CONSOLE}/corporate-actions?status=applied`);
  await expect(row.locator('[data-status="applied"]')).toBeVisible();
  await expect(row).toContainText(/Applied \d{1,2} \w{3} \d{4}, .* IST/);
  await screenshot(checkerDesk, 'corporate-action-applied');
});
