import { formatPaise, TRADING_DONE } from '@sampada/shared';
import { type APIRequestContext, type Page } from '@playwright/test';
import { approvedClient, expect, screenshot, signIn, test, toast } from '../client/fixtures';
import {
  clientToken,
  consoleTabToken,
  createOps,
  fundClient,
  getOrder,
  fillIstDateTime,
  istInput,
  istToday,
  placedOrder,
  runId,
  setPin,
  STAFF_PASSWORD,
  typePin,
} from '../support/trading';
import { CONSOLE, signInFirstTime } from './support';

const DEPOSIT_RUPEES = 50_000;

/**
 * The two sides of a deal: an operations member of this run signed in to the console in a
 * tab of its own, and a funded client with a PIN signed in to the app in the test's page.
 */
async function deskAndClient(page: Page, request: APIRequestContext, run: string) {
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);

  const desk = await page.context().newPage();
  await signInFirstTime(desk, await createOps(run), STAFF_PASSWORD);
  await fundClient(request, token, await consoleTabToken(desk), DEPOSIT_RUPEES);

  await signIn(page, client);
  return { desk, token };
}

/** Waits for the console's POST to `path` and returns the record it made. */
function created(page: Page, path: string): Promise<{ id: string }> {
  return page
    .waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `${CONSOLE}/api/v1${path}`,
    )
    .then(async (response) => {
      const body = await response.json();
      expect(body.code, JSON.stringify(body)).toBe(200);
      return body.data as { id: string };
    });
}

test.describe('[CONSOLE][TRADING]: the desk and the client app on one deal', () => {
  test('an institutional allocation: operations publish it, the client requests, the desk allocates, the holding appears', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { desk, token } = await deskAndClient(page, request, runId(testInfo.project.name));
    const symbol = 'HDFCBANK';
    const price = 990;
    const quantity = 20; // ₹19,800: just over the ₹19,000 minimum

    // Operations publish an allocation from the Offerings page.
    await desk.goto(`${CONSOLE}/trading/offerings`);
    await desk.getByTestId('offerings-tab-institutional').click();
    await desk.getByTestId('allocation-new').click();
    const form = desk.getByRole('dialog', { name: 'New institutional allocation' });
    await form.getByTestId('allocation-symbol').fill(symbol);
    await form.getByTestId('allocation-price').fill(String(price));
    await form.getByTestId('allocation-quantity').fill('1000');
    await fillIstDateTime(form, 'allocation-opens', istInput(-10));
    await fillIstDateTime(form, 'allocation-closes', istInput(2 * 24 * 60));
    await screenshot(desk, 'desk-allocation-new');
    const publishing = created(desk, '/trading/allocations');
    await form.getByTestId('allocation-create').click();
    const allocation = await publishing;
    await expect(toast(desk, TRADING_DONE.offeringCreated)).toBeVisible();
    await expect(form).toBeHidden();
    const allocationRow = desk.locator(
      `[data-testid="allocation-row"][data-offering-id="${allocation.id}"]`,
    );
    await expect(allocationRow).toContainText(symbol);
    await expect(allocationRow).toContainText(formatPaise(price * 100));
    await screenshot(desk, 'desk-allocation-published');

    // The client finds it under All Deals and requests shares in the Institutional drawer.
    await page.goto('/deals');
    await expect(page.getByTestId('all-deals')).toBeVisible();
    await page.getByTestId('deals-tab-institutional').click();
    await expect(page.getByTestId(`deal-row-${allocation.id}`)).toContainText(symbol);
    await page.getByTestId(`deal-open-${allocation.id}`).click();
    const drawer = page.getByTestId('institutional-panel');
    await expect(drawer.getByTestId(`deal-selected-${allocation.id}`)).toContainText(symbol);
    await drawer.getByTestId('order-quantity').fill(String(quantity));
    await expect(drawer.getByTestId('trade-value')).toHaveText(formatPaise(price * quantity * 100));
    await typePin(page, drawer);
    await screenshot(page, 'client-institutional-request');
    const requesting = placedOrder(page);
    await drawer.getByTestId('trade-drawer-submit').click();
    const order = await requesting;
    expect(order).toMatchObject({ type: 'institutional', status: 'awaiting', quantity });
    await expect(page.getByTestId('trade-result-message')).toContainText(
      TRADING_DONE.requestPlaced,
    );
    await screenshot(page, 'client-institutional-requested');

    // The desk allocates all of it.
    await desk.goto(`${CONSOLE}/trading/desk`);
    await desk.getByTestId('desk-tab-institutional').click();
    const deskRow = desk.locator(`[data-testid="desk-order-row"][data-order-id="${order.id}"]`);
    await expect(deskRow).toContainText(symbol);
    await screenshot(desk, 'desk-institutional-queue');
    await deskRow.getByTestId(`allocate-${order.id}`).click();
    const allocate = desk.getByRole('dialog', { name: 'Allocate shares' });
    await expect(allocate.getByTestId('allocate-quantity')).toHaveValue(String(quantity));
    await allocate.getByTestId('allocate-quantity').fill(String(quantity));
    await allocate.getByTestId('allocate-submit').click();
    await expect(toast(desk, TRADING_DONE.allocated)).toBeVisible();
    await expect(deskRow).toHaveCount(0);
    expect((await getOrder(request, token, order.id)).status).toBe('filled');

    // The client holds the shares at the allocation's price.
    await page.getByTestId('trade-result-view').click();
    await page.getByRole('tab', { name: 'Holdings' }).click();
    const holding = page.getByTestId(`holding-row-${symbol}`);
    await expect(holding.getByTestId(`holding-quantity-${symbol}`)).toHaveText(String(quantity));
    await expect(holding.getByTestId(`holding-sell-${symbol}`)).toBeEnabled();
    await screenshot(page, 'client-institutional-holding');
    await desk.close();
  });

  test('an IPO: the client bids, operations close, allot and list it, the holding appears', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { desk, token } = await deskAndClient(page, request, runId(testInfo.project.name));
    const symbol = `E2E${testInfo.project.name[0]}${Date.now().toString(36)}`.toUpperCase();
    const today = istToday();
    const lotSize = 200; // at ₹100 a lot is ₹20,000: one lot meets the ₹19,000 minimum

    // Operations publish an issue that bids today and may list today.
    await desk.goto(`${CONSOLE}/trading/offerings?tab=ipo`);
    await desk.getByTestId('offerings-tab-ipo').click();
    await desk.getByTestId('ipo-new').click();
    const form = desk.getByRole('dialog', { name: 'New IPO issue' });
    await form.getByTestId('ipo-symbol').fill(symbol);
    await form.getByTestId('ipo-name').fill(`E2E Trading ${symbol} Ltd`);
    await form.getByTestId('ipo-sector').fill('Information Technology');
    await form.getByTestId('ipo-industry').fill('Computers - Software & Consulting');
    await form.getByTestId('ipo-price-low').fill('95');
    await form.getByTestId('ipo-price-high').fill('100');
    await form.getByTestId('ipo-lot-size').fill(String(lotSize));
    await form.getByTestId('ipo-shares').fill(String(lotSize * 50));
    await form.getByTestId('ipo-open-date').fill(today);
    await form.getByTestId('ipo-close-date').fill(today);
    await form.getByTestId('ipo-listing-date').fill(today);
    await screenshot(desk, 'desk-ipo-new');
    const publishing = created(desk, '/trading/ipos');
    await form.getByTestId('ipo-create').click();
    const ipo = await publishing;
    await expect(desk).toHaveURL(new RegExp(`/console/trading/offerings/ipos/${ipo.id}$`));
    const status = desk.getByTestId('ipo-status').locator('[data-status]');
    await expect(status).toHaveAttribute('data-status', 'open');

    // The client bids one lot at the cut-off price in the IPO drawer.
    await page.goto('/deals?tab=ipo');
    await expect(page.getByTestId(`deal-row-${ipo.id}`)).toContainText(symbol);
    await page.getByTestId(`deal-open-${ipo.id}`).click();
    const drawer = page.getByTestId('ipo-panel');
    await expect(drawer.getByTestId(`deal-selected-${ipo.id}`)).toContainText(symbol);
    await drawer.getByTestId('order-lots').fill('1');
    await expect(drawer.getByTestId('trade-shares')).toHaveText(String(lotSize));
    await expect(drawer.getByTestId('trade-total')).toHaveText(formatPaise(lotSize * 100 * 100));
    await typePin(page, drawer);
    await screenshot(page, 'client-ipo-bid');
    const bidding = placedOrder(page);
    await drawer.getByTestId('trade-drawer-submit').click();
    const bid = await bidding;
    expect(bid).toMatchObject({ type: 'ipo', status: 'awaiting', lots: 1, quantity: lotSize });
    await expect(page.getByTestId('trade-result-message')).toContainText(TRADING_DONE.bidPlaced);

    // Operations see the application, close bidding and run the allotment.
    await desk.reload();
    await expect(desk.getByTestId('ipo-applications')).toHaveText('1');
    await desk.getByTestId('ipo-close').click();
    await desk.getByTestId('action-confirm').click();
    await expect(status).toHaveAttribute('data-status', 'closed');
    await desk.getByTestId('ipo-allot').click();
    const allot = desk.getByRole('dialog', { name: 'Run allotment' });
    await expect(allot.getByTestId('ipo-allot-seed')).toHaveValue('');
    await allot.getByTestId('ipo-allot-run').click();
    await expect(toast(desk, TRADING_DONE.allotted)).toBeVisible();
    const result = desk.getByTestId('allotment-result');
    await expect(result.getByTestId('allotment-method')).toHaveAttribute('data-method', 'full');
    await expect(result.getByTestId('allotment-lots-allotted')).toHaveText('1');
    await expect(result.getByTestId('allotment-allotted')).toHaveText('1');
    await screenshot(desk, 'desk-ipo-allotted');

    // Listing: the listing date is today. The server's sweep lists due issues on its own every
    // 30 s, so it may have got there first; either way the issue ends listed.
    await expect(status).toHaveAttribute('data-status', /allotted|listed/);
    const list = desk.getByTestId('ipo-list');
    if (await list.isEnabled()) {
      await list.click();
      await desk.getByTestId('action-confirm').click();
    }
    await expect(async () => {
      await desk.reload();
      await expect(status).toHaveAttribute('data-status', 'listed', { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await screenshot(desk, 'desk-ipo-listed');
    expect((await getOrder(request, token, bid.id)).status).toBe('filled');

    // The client holds the allotted shares, now listed and tradable.
    await page.getByTestId('trade-result-view').click();
    await page.getByRole('tab', { name: 'Holdings' }).click();
    const holding = page.getByTestId(`holding-row-${symbol}`);
    await expect(holding.getByTestId(`holding-quantity-${symbol}`)).toHaveText(String(lotSize));
    await expect(holding.getByTestId(`holding-listing-${symbol}`)).toHaveCount(0);
    await expect(holding.getByTestId(`holding-sell-${symbol}`)).toBeEnabled();
    await screenshot(page, 'client-ipo-holding');

    // The client was told of the allotment as one, and the notice opens the application in
    // History, open to its fill.
    await page.getByTestId('notifications-bell').click();
    const told = page.getByTestId('notification').filter({
      hasText: `IPO allotment: the 1 lot of ${symbol} you applied for was allotted, ${lotSize} shares at ₹100.00.`,
    });
    await expect(told).toBeVisible({ timeout: 45_000 });
    await told.click();
    await expect(page).toHaveURL(new RegExp(`/portfolio/history\\?order=${bid.id}$`));
    await expect(page.getByTestId(`history-fills-${bid.id}`)).toBeVisible();
    await desk.close();
  });
});
