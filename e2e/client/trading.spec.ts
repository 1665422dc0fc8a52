import { formatPaise, TRADING_DONE, type TOrder } from '@sampada/shared';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  clientToken,
  createOps,
  fundClient,
  getOrder,
  placedOrder,
  RUPEES,
  rupeesOfText,
  runId,
  setPin,
  staffToken,
  typePin,
} from '../support/trading';
import { approvedClient, expect, screenshot, signIn, test, toast } from './fixtures';

/** Liquid NIFTY 50 names (they print nearly every half second), ₹1,000–5,000. */
const BUY_SYMBOL = 'INFY';
const LIMIT_SYMBOL = 'TCS';
const DEPOSIT_RUPEES = 60_000;
/** Market orders fill at the next print; the machine is shared, so give it room. */
const FILL_MS = 20_000;

/** A client with KYC approved, a PIN, cash confirmed by operations, signed in to the app. */
async function fundedClient(page: Page, request: APIRequestContext, run: string) {
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);
  const ops = await staffToken(request, await createOps(run));
  await fundClient(request, token, ops, DEPOSIT_RUPEES);
  await signIn(page, client);
  return { client, token };
}

async function waitForStatus(
  request: APIRequestContext,
  token: string,
  order: TOrder,
  status: TOrder['status'],
) {
  await expect
    .poll(async () => (await getOrder(request, token, order.id)).status, { timeout: FILL_MS })
    .toBe(status);
  return getOrder(request, token, order.id);
}

/** The last price the ticket shows, in rupees. */
async function livePrice(ticket: Locator): Promise<number> {
  const price = ticket.getByTestId('order-live-price');
  await expect(price).toHaveText(RUPEES);
  return rupeesOfText((await price.textContent())!);
}

test.describe('[CLIENT][TRADING]: market and limit orders from stock detail and the portfolio', () => {
  test('a market buy fills at the live price, the holding sells, and history has both with contract notes', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { token } = await fundedClient(page, request, runId(testInfo.project.name));

    // Search opens the stock detail drawer; Buy opens the order ticket on it.
    await page.getByTestId('search-trigger').click();
    const overlay = page.getByRole('dialog', { name: 'Search stocks' });
    await overlay.getByTestId('search-input').fill(BUY_SYMBOL);
    await overlay.getByTestId(`search-result-${BUY_SYMBOL}`).click();
    const detail = page.getByTestId('stock-detail');
    await expect(detail).toHaveAttribute('data-symbol', BUY_SYMBOL, { timeout: 20_000 });
    await expect(detail.getByTestId('stock-price')).toHaveText(RUPEES);
    await detail.getByTestId('trade-buy').click();

    const ticket = page.getByTestId('order-ticket');
    await expect(ticket).toHaveAttribute('data-symbol', BUY_SYMBOL);
    await expect(ticket.getByTestId('trade-cash-available')).toHaveText(
      formatPaise(DEPOSIT_RUPEES * 100),
    );
    const price = await livePrice(ticket);
    // Comfortably over the ₹19,000 minimum at any price the stock reaches meanwhile.
    const quantity = Math.ceil(21_000 / price);
    await ticket.getByTestId('order-quantity').fill(String(quantity));
    await expect(ticket.getByTestId('trade-value')).toHaveText(RUPEES);
    await expect(ticket.getByTestId('order-hold')).toHaveText(RUPEES);
    await typePin(page, ticket);
    await screenshot(page, 'trading-market-buy-ticket');
    const buyPlaced = placedOrder(page);
    await ticket.getByTestId('trade-drawer-submit').click();
    const buy = await buyPlaced;
    expect(buy).toMatchObject({ type: 'market', side: 'buy', symbol: BUY_SYMBOL, quantity });
    const result = page.getByTestId('trade-result');
    await expect(result.getByTestId('trade-result-message')).toContainText(
      new RegExp(`${TRADING_DONE.orderPlaced}|${TRADING_DONE.orderFilled}`),
    );
    await expect(result.getByTestId('trade-result-detail')).toContainText(`${quantity} shares`);
    await screenshot(page, 'trading-market-buy-result');

    // The engine fills it at the next print; the holding shows it.
    const bought = await waitForStatus(request, token, buy, 'filled');
    expect(bought.fills).toHaveLength(1);
    expect(bought.hold_paise).toBe(0);
    await result.getByTestId('trade-result-view').click();
    await expect(page).toHaveURL(/\/portfolio\/(awaiting|history)$/);
    await page.getByRole('tab', { name: 'Holdings' }).click();
    await expect(page).toHaveURL(/\/portfolio\/holding$/);
    const holding = page.getByTestId(`holding-row-${BUY_SYMBOL}`);
    await expect(holding).toBeVisible();
    await expect(holding.getByTestId(`holding-quantity-${BUY_SYMBOL}`)).toHaveText(
      String(quantity),
    );
    await screenshot(page, 'trading-holding');

    // Sell the whole holding from its row (allowed under the minimum: it is all that is left).
    await holding.getByTestId(`holding-sell-${BUY_SYMBOL}`).click();
    const sellTicket = page.getByTestId('order-ticket');
    await expect(sellTicket).toHaveAttribute('data-symbol', BUY_SYMBOL);
    await expect(sellTicket.getByTestId('order-available')).toHaveText(String(quantity));
    await expect(sellTicket.getByTestId('trade-drawer-submit')).toHaveText(`Sell ${BUY_SYMBOL}`);
    await sellTicket.getByTestId('order-quantity').fill(String(quantity));
    await expect(sellTicket.getByTestId('trade-total')).toHaveText(RUPEES);
    await typePin(page, sellTicket);
    const sellPlaced = placedOrder(page);
    await sellTicket.getByTestId('trade-drawer-submit').click();
    const sell = await sellPlaced;
    expect(sell).toMatchObject({ type: 'market', side: 'sell', symbol: BUY_SYMBOL, quantity });
    await expect(page.getByTestId('trade-result-message')).toBeVisible();
    const sold = await waitForStatus(request, token, sell, 'filled');
    await screenshot(page, 'trading-market-sell-result');

    // History holds both orders; each opens to its fill and contract note.
    await page.getByTestId('trade-result-view').click();
    await expect(page).toHaveURL(/\/portfolio\/(awaiting|history)$/);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/portfolio\/history$/);
    const history = page.getByTestId('portfolio-history');
    for (const order of [bought, sold]) {
      const row = history.getByTestId(`history-row-${order.id}`);
      await expect(row).toContainText(BUY_SYMBOL);
      await expect(row).toContainText('Filled');
      await row.getByTestId(`history-expand-${order.id}`).click();
      const fill = order.fills[0]!;
      await expect(row.getByTestId(`fill-row-${fill.id}`)).toContainText(
        formatPaise(fill.price_paise),
      );
      await expect(row.getByTestId(`contract-note-${fill.contract_note_no}`)).toBeVisible();
    }
    await screenshot(page, 'trading-history');

    const sellNote = sold.fills[0]!.contract_note_no;
    await history.getByTestId(`contract-note-${sellNote}`).click();
    const note = page.getByTestId('contract-note');
    await expect(note).toContainText(BUY_SYMBOL);
    await expect(note).toContainText('Sell');
    await expect(note.getByTestId('contract-note-net')).toHaveText(
      formatPaise(sold.fills[0]!.net_paise),
    );
    await screenshot(page, 'trading-contract-note');
    await page.keyboard.press('Escape');
    await expect(note).toBeHidden();

    // Nothing is held any more.
    await page.getByRole('tab', { name: 'Holdings' }).click();
    await expect(page.getByTestId('portfolio-holding')).toBeVisible();
    await expect(page.getByTestId(`holding-row-${BUY_SYMBOL}`)).toHaveCount(0);
  });

  test('a limit buy under the market waits in Awaiting and its cancel releases the cash', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { token } = await fundedClient(page, request, runId(testInfo.project.name));

    // From the market page's heat map to the stock detail and its order ticket.
    await page.goto('/market');
    await expect(page.getByTestId('heat-map')).toBeVisible();
    await page.getByTestId(`heat-tile-${LIMIT_SYMBOL}`).click();
    const detail = page.getByTestId('stock-detail');
    await expect(detail).toHaveAttribute('data-symbol', LIMIT_SYMBOL, { timeout: 20_000 });
    await detail.getByTestId('trade-buy').click();
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket).toHaveAttribute('data-symbol', LIMIT_SYMBOL);

    // 95% of the last price in whole rupees: on every tick grid, inside the band, and well
    // under the market, so that it waits.
    const limit = Math.floor((await livePrice(ticket)) * 0.95);
    const quantity = Math.ceil(20_000 / limit);
    await ticket.getByTestId('order-type').getByText('Limit', { exact: true }).click();
    await ticket.getByTestId('order-limit-price').fill(String(limit));
    await ticket.getByTestId('order-quantity').fill(String(quantity));
    await expect(ticket.getByTestId('trade-value')).toHaveText(formatPaise(limit * quantity * 100));
    await typePin(page, ticket);
    await screenshot(page, 'trading-limit-ticket');
    const placed = placedOrder(page);
    await ticket.getByTestId('trade-drawer-submit').click();
    const order = await placed;
    expect(order).toMatchObject({
      type: 'limit',
      side: 'buy',
      status: 'awaiting',
      price_paise: limit * 100,
      quantity,
    });
    await expect(page.getByTestId('trade-result-message')).toContainText(TRADING_DONE.orderPlaced);
    await expect(page.getByTestId('trade-result-hold')).toContainText(
      formatPaise(order.hold_paise),
    );

    // Awaiting lists it with its hold; cancelling asks first, then releases the hold.
    await page.getByTestId('trade-result-view').click();
    await expect(page).toHaveURL(/\/portfolio\/awaiting$/);
    const row = page.getByTestId(`awaiting-row-${order.id}`);
    await expect(row).toContainText(LIMIT_SYMBOL);
    await expect(row.getByTestId(`awaiting-hold-${order.id}`)).toHaveText(
      formatPaise(order.hold_paise),
    );
    await screenshot(page, 'trading-awaiting');

    await row.getByTestId(`awaiting-cancel-${order.id}`).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(confirm).toContainText(LIMIT_SYMBOL);
    await confirm.getByRole('button', { name: 'Keep order' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByTestId(`awaiting-cancel-${order.id}`).click();
    await page
      .getByRole('dialog', { name: 'Cancel this order?' })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    await expect(toast(page, TRADING_DONE.orderCancelled)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await getOrder(request, token, order.id)).status).toBe('cancelled');

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByTestId(`history-row-${order.id}`)).toContainText('Cancelled');
    await screenshot(page, 'trading-cancelled');

    // The whole deposit is available again.
    await page.goto('/me/assets');
    await expect(page.getByTestId('assets-available')).toHaveText(
      formatPaise(DEPOSIT_RUPEES * 100),
    );
    await expect(page.getByTestId('assets-onHold')).toHaveText(formatPaise(0));
  });
});
