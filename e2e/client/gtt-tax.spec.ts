import {
  formatPaise,
  GTT_DONE,
  GTT_STATUS_LABELS,
  md5,
  type TGtt,
  type TOrder,
} from '@sampada/shared';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  clientCall,
  clientToken,
  createOps,
  fundClient,
  getOrder,
  PIN,
  runId,
  setPin,
  staffToken,
} from '../support/trading';
import { approvedClient, expect, screenshot, signIn, test, toast } from './fixtures';

/**
 * GTTs driven by the simulated feed itself (nothing fakes a print): triggers are set ₹1 either
 * side of the last price, read over the stock API just before saving, so whichever way the
 * random walk goes, one trigger is crossed within seconds — as price-alerts.spec.ts does.
 * A liquid NIFTY 50 name (prints nearly every half second) between ₹1,000 and ₹5,000, whose
 * tick (10 paise at most) divides ₹1, so last ± ₹1 is on the tick grid.
 */
const SYMBOL = 'TCS';
const BAND_RUPEES = 1;
const DEPOSIT_RUPEES = 70_000;
/** The feed crosses a ₹1 band in seconds; the machine is shared, so give it room. */
const FIRE_MS = 120_000;
const FILL_MS = 30_000;

async function fundedClient(page: Page, request: APIRequestContext, run: string) {
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);
  const ops = await staffToken(request, await createOps(run));
  await fundClient(request, token, ops, DEPOSIT_RUPEES);
  await signIn(page, client);
  return token;
}

/** The stock API's key, as the apps get it. */
const stockApiKey = async (request: APIRequestContext, token: string) =>
  (await clientCall(request, token, 'get', '/market/app/v1/config')).stock_api_key as string;

/** The last price in rupees, as the stock API (the one the apps read) has it now. */
async function lastPrice(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/stock/api/v1/stock_detail', {
    params: { s: SYMBOL, market: 'NSE' },
    headers: { 'X-API-KEY': await stockApiKey(request, token) },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  expect(100 % Math.round(body.data.tick_size * 100)).toBe(0);
  return body.data.price as number;
}

const gtts = (request: APIRequestContext, token: string) =>
  clientCall(request, token, 'get', '/trade/app/v1/gtts?view=all') as Promise<TGtt[]>;

const ordersOf = async (request: APIRequestContext, token: string) =>
  (
    (await clientCall(request, token, 'get', `/trade/app/v1/orders?view=all&symbol=${SYMBOL}`))
      .items as TOrder[]
  ).filter((o) => o.symbol === SYMBOL);

/**
 * Types the PIN into the open GTT form, then reads the last price and fills the prices that
 * `pricesAt` derives from it, and saves at once (again, up to three times, if the feed printed
 * the trigger itself meanwhile): the feed has the least time to move between
 * the price read and the server's check of the triggers against it. Returns the GTT made.
 */
async function saveGtt(
  page: Page,
  form: Locator,
  last: () => Promise<number>,
  pricesAt: (last: number) => Record<string, number>,
) {
  // The feed can print exactly the trigger between the price read and the server's check, and
  // a trigger equal to the last price is refused (seen once on a busy CI box): read it again.
  // The form clears its PIN after every answer, so it is typed each time.
  for (let attempt = 1; ; attempt++) {
    await form.getByTestId('gtt-pin').locator('input').first().click();
    await page.keyboard.type(PIN);
    for (const [testId, rupees] of Object.entries(pricesAt(await last())))
      await form.getByTestId(testId).fill(rupees.toFixed(2));
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/trade/app/v1/gtts',
    );
    await form.getByTestId('gtt-save').click();
    const body = await (await created).json();
    if (attempt < 3 && body.code === 400 && /must differ from the last price/.test(body.message))
      continue;
    expect(body.code, JSON.stringify(body)).toBe(200);
    await expect(form).toBeHidden();
    return body.data as TGtt;
  }
}

/** Waits until the feed has fired one of `ids`; returns the GTTs as they are then. */
async function untilOneFires(request: APIRequestContext, token: string, ids: string[]) {
  await expect
    .poll(
      async () =>
        (await gtts(request, token)).filter((g) => ids.includes(g.id) && g.status === 'triggered')
          .length,
      { timeout: FIRE_MS, intervals: [500] },
    )
    .toBeGreaterThan(0);
  return gtts(request, token);
}

/** Waits for `n` more prints of the symbol, so that a second firing would have had its chance. */
async function morePrints(request: APIRequestContext, token: string, n: number) {
  const config = await clientCall(request, token, 'get', '/market/app/v1/config');
  const stamp = async () => {
    const response = await request.get('/stock/api/v1/stock_detail', {
      params: { s: SYMBOL, market: 'NSE' },
      headers: { 'X-API-KEY': config.stock_api_key as string },
    });
    return (await response.json()).data.updated_at as string;
  };
  for (let i = 0; i < n; i++) {
    const before = await stamp();
    await expect.poll(stamp, { timeout: FILL_MS }).not.toBe(before);
  }
}

test.describe('[CLIENT][GTT]: GTTs fired by the simulated feed', () => {
  test('two single buy GTTs ₹1 either side of the price: the one the feed crosses fires exactly once and its order waits in Awaiting', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const token = await fundedClient(page, request, runId(testInfo.project.name));
    await page.goto('/portfolio/gtt');
    await expect(page.getByTestId('portfolio-gtt')).toContainText('No GTTs yet');

    // Limits 5% under the price: the fired order waits (the feed does not fall 5% in a test),
    // so it is found in Awaiting rather than racing a fill.
    const set = async (direction: 1 | -1) => {
      await page.getByTestId('gtt-create').click();
      const form = page.getByTestId('gtt-form');
      await expect(form).toBeVisible();
      await form.getByTestId('gtt-symbol').fill(SYMBOL);
      await form.getByTestId('gtt-side').getByText('Buy', { exact: true }).click();
      const quantity = Math.ceil(20_000 / ((await lastPrice(request, token)) * 0.94));
      await form.getByTestId('gtt-quantity').fill(String(quantity));
      let trigger = 0;
      const gtt = await saveGtt(
        page,
        form,
        () => lastPrice(request, token),
        (last) => {
          trigger = last + direction * BAND_RUPEES;
          return { 'gtt-trigger': trigger, 'gtt-limit': Math.floor(last * 0.95) };
        },
      );
      expect(gtt).toMatchObject({
        kind: 'single',
        side: 'buy',
        status: 'active',
        target: { trigger_price_paise: Math.round(trigger * 100), status: 'waiting' },
      });
      await expect(toast(page, GTT_DONE.created)).toBeVisible();
      return gtt;
    };
    // The feed may cross one before the other is even set: both are listed, whatever state.
    const above = await set(1);
    const below = await set(-1);
    await expect(page.getByTestId(`gtt-row-${above.id}`)).toBeVisible();
    await expect(page.getByTestId(`gtt-row-${below.id}`)).toBeVisible();
    await screenshot(page, 'gtt-single-set');

    const after = await untilOneFires(request, token, [above.id, below.id]);
    const fired = after.find((g) => g.status === 'triggered')!;
    expect(fired.target.status).toBe('fired');
    expect(fired.order_id).toBeTruthy();

    // The GTT tab shows it triggered (it refreshes by itself while a GTT is active).
    const row = page.getByTestId(`gtt-row-${fired.id}`);
    await expect(row.getByTestId(`gtt-status-${fired.id}`)).toHaveText(
      GTT_STATUS_LABELS.triggered,
      { timeout: 20_000 },
    );
    await expect(row.getByTestId(`gtt-target-${fired.id}`)).toHaveAttribute('data-status', 'fired');
    await expect(row.getByTestId(`gtt-order-${fired.id}`)).toHaveText('Order: Awaiting');
    await expect(row.getByTestId(`gtt-edit-${fired.id}`)).toHaveCount(0);
    await screenshot(page, 'gtt-single-triggered');

    // Its limit order, and only it, is in Awaiting with the cash on hold.
    const order = await getOrder(request, token, fired.order_id!);
    expect(order).toMatchObject({
      type: 'limit',
      side: 'buy',
      status: 'awaiting',
      quantity: fired.quantity,
      price_paise: fired.target.limit_price_paise,
    });
    await page.getByRole('tab', { name: 'Awaiting' }).click();
    const awaiting = page.getByTestId(`awaiting-row-${order.id}`);
    await expect(awaiting).toContainText(SYMBOL);
    await expect(awaiting.getByTestId(`awaiting-hold-${order.id}`)).toHaveText(
      formatPaise(order.hold_paise),
    );
    await screenshot(page, 'gtt-single-order-awaiting');

    // Exactly once: after more prints, the orders are exactly the triggered GTTs' orders, one
    // each (the other GTT has fired by now only if the feed crossed its own trigger too).
    await morePrints(request, token, 4);
    await expect
      .poll(async () => {
        const triggered = (await gtts(request, token)).filter((g) => g.status === 'triggered');
        const orders = await ordersOf(request, token);
        return (
          triggered.some((g) => g.id === fired.id && g.order_id === order.id) &&
          JSON.stringify(orders.map((o) => o.id).sort()) ===
            JSON.stringify(triggered.map((g) => g.order_id).sort())
        );
      })
      .toBe(true);

    // The other one, if still waiting, is deleted from the GTT tab; then nothing can fire, and
    // the cash on hold is exactly that of the orders the GTTs placed.
    await page.getByRole('tab', { name: 'GTT' }).click();
    const other = (await gtts(request, token)).find((g) => g.id !== fired.id)!;
    if (other.status === 'active') {
      await page.getByTestId(`gtt-delete-${other.id}`).click();
      await page
        .getByRole('dialog', { name: 'Delete this GTT?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(toast(page, GTT_DONE.deleted)).toBeVisible();
      await expect(page.getByTestId(`gtt-status-${other.id}`)).toHaveText(
        GTT_STATUS_LABELS.cancelled,
      );
    }
    const orders = await ordersOf(request, token);
    expect(orders.length).toBe(
      (await gtts(request, token)).filter((g) => g.status === 'triggered').length,
    );
    const held = orders.reduce((sum, o) => sum + o.hold_paise, 0);
    expect(
      (await clientCall(request, token, 'get', '/stat/app/v1/asset')).cash_available_paise,
    ).toBe(DEPOSIT_RUPEES * 100 - held);
    await screenshot(page, 'gtt-single-final');
  });

  test('an OCO on a holding, target and stop ₹1 either side: one leg fires once, the other is cancelled, the sell fills and the tax P&L has the sale', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const token = await fundedClient(page, request, runId(testInfo.project.name));

    // A holding to protect: a market buy over the API, filled by the feed's next print.
    const quantity = Math.ceil(21_000 / (await lastPrice(request, token)));
    const buy = (await clientCall(request, token, 'post', '/trade/app/v1/orders', {
      type: 'market',
      symbol: SYMBOL,
      side: 'buy',
      quantity,
      pin: md5(PIN),
    })) as TOrder;
    await expect
      .poll(async () => (await getOrder(request, token, buy.id)).status, { timeout: FILL_MS })
      .toBe('filled');

    // The holding's GTT button opens the form as an OCO selling what is held.
    await page.goto('/portfolio/holding');
    await page.getByTestId(`holding-gtt-${SYMBOL}`).click();
    const form = page.getByTestId('gtt-form');
    await expect(form).toBeVisible();
    await expect(form.getByTestId('gtt-symbol')).toHaveValue(SYMBOL);
    await expect(form.getByTestId('gtt-quantity')).toHaveValue(String(quantity));
    await expect(form.getByTestId('gtt-side')).toHaveCount(0); // an OCO always sells
    // Sell limits 1% under each trigger, so the order fills at the print after it fires.
    const oco = await saveGtt(
      page,
      form,
      () => lastPrice(request, token),
      (last) => ({
        'gtt-trigger': last + BAND_RUPEES,
        'gtt-limit': Math.floor((last + BAND_RUPEES) * 0.99),
        'gtt-stop-trigger': last - BAND_RUPEES,
        'gtt-stop-limit': Math.floor((last - BAND_RUPEES) * 0.99),
      }),
    );
    expect(oco).toMatchObject({
      kind: 'oco',
      side: 'sell',
      quantity,
      status: 'active',
      target: { status: 'waiting' },
      stop: { status: 'waiting' },
    });
    await expect(toast(page, GTT_DONE.created)).toBeVisible();

    await page.getByRole('tab', { name: 'GTT' }).click();
    const row = page.getByTestId(`gtt-row-${oco.id}`);
    await expect(row).toBeVisible(); // active, or already fired: the feed may be that quick
    await screenshot(page, 'gtt-oco-set');

    const fired = (await untilOneFires(request, token, [oco.id])).find((g) => g.id === oco.id)!;
    const [leg, otherLeg] =
      fired.target.status === 'fired'
        ? (['target', 'stop'] as const)
        : (['stop', 'target'] as const);
    expect(fired[leg]!.status).toBe('fired');
    expect(fired[otherLeg]!.status).toBe('cancelled');

    // The sell fills; the GTT tab shows which leg fired and that the other was cancelled.
    const sell = await expect
      .poll(async () => (await getOrder(request, token, fired.order_id!)).status, {
        timeout: FILL_MS,
      })
      .toBe('filled')
      .then(() => getOrder(request, token, fired.order_id!));
    expect(sell).toMatchObject({
      type: 'limit',
      side: 'sell',
      quantity,
      price_paise: fired[leg]!.limit_price_paise,
    });
    await expect(row.getByTestId(`gtt-status-${oco.id}`)).toHaveText(GTT_STATUS_LABELS.triggered, {
      timeout: 20_000,
    });
    await expect(row.getByTestId(`gtt-${leg}-${oco.id}`)).toHaveAttribute('data-status', 'fired');
    await expect(row.getByTestId(`gtt-${otherLeg}-${oco.id}`)).toHaveAttribute(
      'data-status',
      'cancelled',
    );
    await expect(row.getByTestId(`gtt-order-${oco.id}`)).toHaveText('Order: Filled');
    await screenshot(page, `gtt-oco-${leg}-fired`);

    // Fired once: after more prints, one buy and one sell, and the holding is gone.
    await morePrints(request, token, 4);
    const orders = await ordersOf(request, token);
    expect(orders.map((o) => o.side).sort()).toEqual(['buy', 'sell']);
    expect((await gtts(request, token)).find((g) => g.id === oco.id)).toMatchObject({
      status: 'triggered',
      order_id: sell.id,
    });

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByTestId(`history-row-${sell.id}`);
    await expect(history).toContainText(SYMBOL);
    await expect(history).toContainText('Filled');
    await page.getByRole('tab', { name: 'Holdings' }).click();
    await expect(page.getByTestId('portfolio-holding')).toBeVisible();
    await expect(page.getByTestId(`holding-row-${SYMBOL}`)).toHaveCount(0);

    // The tax P&L of this year has the sale. Bought and sold the same day, it was never
    // delivered: speculative business income in its own section, not a short-term lot.
    const report = await clientCall(request, token, 'get', '/trade/app/v1/tax-pnl');
    expect(report.realised).toHaveLength(0);
    expect(report.intraday).toHaveLength(1);
    expect(report.intraday[0]).toMatchObject({ symbol: SYMBOL, quantity });
    await page.getByRole('tab', { name: 'Tax P&L' }).click();
    const tax = page.getByTestId('portfolio-tax');
    await expect(tax.getByTestId('tax-intraday')).toContainText(SYMBOL);
    await expect(tax.getByTestId(`tax-intraday-${SYMBOL}`)).toContainText(
      formatPaise(Math.abs(report.intraday[0].result_paise as number)),
    );
    await screenshot(page, 'gtt-oco-tax-pnl');
  });
});
