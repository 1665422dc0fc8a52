/**
 * Shares transferred in, end to end (issue 34, decision 060): a client uploads another broker's
 * tradebook from Portfolio › Holdings › Transfer shares in; a malformed line is refused naming
 * the line and its reason and nothing is stored; the good file becomes a pending request with
 * its lots; an operations officer confirms it in the console (at a 1440 px desk); the shares
 * reach the client's holdings with their original cost. The client is on the project's screen
 * (1440 px or 375 px): nothing wider than the screen, no serious axe violation.
 */
import { type Browser, type Page } from '@playwright/test';
import { approvedClient, expect, screenshot, signIn, test, toast } from './fixtures';
import { settled, violations } from '../support/axe';
import {
  clientCall,
  clientToken,
  createOps,
  istToday,
  runId,
  STAFF_PASSWORD,
} from '../support/trading';
import { CONSOLE, signInFirstTime } from '../console/support';

/** An IST calendar day `n` days before today. */
const daysAgo = (n: number) => {
  const day = new Date(`${istToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - n);
  return day.toISOString().slice(0, 10);
};

const HEADER =
  'Symbol,ISIN,Trade_Date,Exchange,Segment,Series,Trade_Type,Auction,Quantity,Price,Trade_ID,Order_ID,Order_Execution_Time';
const line = (date: string, type: string, quantity: string, price: string, id: number) =>
  `INFY,INE009A01021,${date},NSE,EQ,EQ,${type},false,${quantity},${price},${id},${id + 100},${date}T10:00:00`;
/** 20 bought at ₹1,000, 8 of them sold, 10 bought at ₹1,200.50: 22 left costing ₹24,005.00. */
const GOOD = [
  HEADER,
  line(daysAgo(800), 'buy', '20.000000', '1000.000000', 1),
  line(daysAgo(300), 'sell', '8.000000', '1500.000000', 2),
  line(daysAgo(200), 'buy', '10.000000', '1200.500000', 3),
].join('\n');
const BAD = `${GOOD}\n${line(daysAgo(100), 'buy', '-3', '1300', 4)}`;

async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    return root.scrollWidth > root.clientWidth ? [`page ${root.scrollWidth}`] : [];
  });
}

async function chooseFile(page: Page, text: string, name: string) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

async function officerDesk(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await context.newPage();
  await signInFirstTime(desk, email, STAFF_PASSWORD);
  await desk.goto(`${CONSOLE}/transfers-in`);
  await expect(desk.getByRole('heading', { level: 1, name: 'Transfers in' })).toBeVisible();
  return desk;
}

test('[CLIENT][TRANSFER-IN]: a client transfers shares in with their tradebook; a bad line is named, operations confirm, the lots arrive at cost', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const client = await approvedClient(request);
  const token = await clientToken(request, client);

  await signIn(page, client);
  await page.goto('/portfolio/holding');
  await page.getByTestId('holdings-transfer-in').click();
  await expect(page).toHaveURL(/\/portfolio\/holding\/transfer-in$/);
  await expect(page.getByRole('tab', { name: 'Holdings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Transfer shares in' })).toBeVisible();
  await expect(page.getByText('No transfer requests yet.')).toBeVisible();

  // A malformed line: refused whole, the line and the reason on the form, nothing stored.
  await chooseFile(page, BAD, 'zerodha-tradebook.csv');
  await page.getByTestId('transfer-in-submit').click();
  const error = page.getByTestId('transfer-in-error');
  await expect(error).toContainText('The file was not accepted; nothing was stored.');
  await expect(error).toContainText('line 5: quantity "-3" is not a positive whole number');
  expect(
    ((await clientCall(request, token, 'get', '/client/app/v1/transfers-in')) as { items: [] })
      .items,
  ).toEqual([]);
  await settled(page);
  expect(await violations(page)).toEqual([]);
  await screenshot(page, 'transfer-in-refused');

  // The good file: a pending request with the lots the tradebook leaves.
  await chooseFile(page, GOOD, 'zerodha-tradebook.csv');
  await page.getByTestId('transfer-in-submit').click();
  await expect(
    toast(page, 'Transfer requested. We’ll tell you once it is confirmed.'),
  ).toBeVisible();
  await expect(error).toBeHidden();
  const card = page.locator('[data-testid^="transfer-in-"]', { hasText: 'zerodha-tradebook.csv' });
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('₹12,000.00');
  await expect(card).toContainText('₹12,005.00');
  // The purchase days are IST calendar days; the request's time carries the zone the client set.
  await expect(card).toContainText('Bought on (IST)');
  await expect(card).toContainText(/Requested \d{1,2} \w{3,4} \d{4}, .* (IST|UTC|GMT)/);
  await settled(page);
  expect(await overflow(page)).toEqual([]);
  expect(await violations(page)).toEqual([]);
  await screenshot(page, 'transfer-in-pending');

  // An operations officer confirms it against the depository's credit.
  const desk = await officerDesk(
    browser,
    await createOps(runId(`${testInfo.project.name}-transfer`)),
  );
  const row = desk.getByTestId('transfer-row').filter({ hasText: 'zerodha-tradebook.csv' }).first();
  await expect(row.getByTestId('transfer-totals')).toHaveText('22 INFY');
  await row.getByTestId('transfer-confirm').click();
  const dialog = desk.getByRole('dialog', { name: 'Confirm transfer in' });
  await dialog.getByTestId('transfer-confirm-submit').click();
  await expect(toast(desk, 'Confirmed; the shares are in the client’s holdings.')).toBeVisible();
  expect(await violations(desk)).toEqual([]);
  await desk.context().close();

  // The client's holdings: 22 INFY at their original cost (average ₹1,091.14).
  await page.goto('/portfolio/holding');
  await expect(page.getByTestId('holding-quantity-INFY')).toHaveText('22');
  await expect(page.getByTestId('holding-row-INFY')).toContainText('₹1,091.14');
  await page.getByTestId('holdings-transfer-in').click();
  await expect(card).toContainText('Confirmed');
  await settled(page);
  expect(await overflow(page)).toEqual([]);
  await screenshot(page, 'transfer-in-confirmed');
});
