import { type TOrder } from '@sampada/shared';
import { type APIRequestContext, type Page } from '@playwright/test';
import { CONSOLE, signInFirstTime } from '../console/support';
import { createStaff } from '../support/cli';
import {
  clientCall,
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
  STAFF_PASSWORD,
  typePin,
} from '../support/trading';
import {
  approvedClient,
  expect,
  openUserDrawer,
  screenshot,
  signIn,
  test,
  toast,
} from './fixtures';

const SYMBOL = 'INFY';

/** The score as Score Info shows it, once loaded. */
async function shownScore(page: Page): Promise<number> {
  await page.goto('/score-info');
  const score = page.getByTestId('score-info-score');
  await expect(score).toHaveText(/^\d+ \/ 100$/);
  return Number((await score.textContent())!.split(' ')[0]);
}

async function buyFromStockDetail(page: Page, request: APIRequestContext, token: string) {
  await page.getByTestId('search-trigger').click();
  const overlay = page.getByRole('dialog', { name: 'Search stocks' });
  await overlay.getByTestId('search-input').fill(SYMBOL);
  await overlay.getByTestId(`search-result-${SYMBOL}`).click();
  const detail = page.getByTestId('stock-detail');
  await expect(detail.getByTestId('stock-price')).toHaveText(RUPEES);
  await detail.getByTestId('trade-buy').click();
  const ticket = page.getByTestId('order-ticket');
  const price = ticket.getByTestId('order-live-price');
  await expect(price).toHaveText(RUPEES);
  const quantity = Math.ceil(21_000 / rupeesOfText((await price.textContent())!));
  await ticket.getByTestId('order-quantity').fill(String(quantity));
  await typePin(page, ticket);
  const placed = placedOrder(page);
  await ticket.getByTestId('trade-drawer-submit').click();
  const order: TOrder = await placed;
  await expect
    .poll(async () => (await getOrder(request, token, order.id)).status, { timeout: 20_000 })
    .toBe('filled');
  await page.keyboard.press('Escape');
}

test.describe('[CLIENT][ENGAGEMENT]: score, achievements, radar and VIP level from real activity', () => {
  test("a new client's first deposit and first trade raise the score and grant two achievements; the radar draws", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const client = await approvedClient(request);
    const token = await clientToken(request, client);
    await setPin(request, token, client.password);
    await signIn(page, client);

    // Approved, nothing deposited or traded: only "Verified" is earned.
    await expect
      .poll(
        async () => (await clientCall(request, token, 'get', '/stat/app/v1/score')).parts[0].points,
      )
      .toBe(25);
    const before = await shownScore(page);
    await expect(page.getByTestId('score-part-deposits')).toContainText('0 / 15');
    await page.goto('/achievements');
    await expect(page.getByTestId('achievement-first_deposit')).toHaveAttribute(
      'data-earned',
      'false',
    );

    // Operations confirm a deposit; the client buys from the stock detail.
    const ops = await staffToken(request, await createOps(runId(testInfo.project.name)));
    await fundClient(request, token, ops, 60_000);
    await buyFromStockDetail(page, request, token);

    // Each earned achievement is announced while the app is open.
    await expect(toast(page, 'First trade')).toBeVisible({ timeout: 45_000 });
    await page.goto('/achievements');
    await expect(page.getByTestId('achievement-first_deposit')).toHaveAttribute(
      'data-earned',
      'true',
    );
    await expect(page.getByTestId('achievement-first_trade')).toHaveAttribute(
      'data-earned',
      'true',
    );
    await expect(page.getByTestId('achievement-ten_trades')).toContainText('1 / 10');
    await screenshot(page, 'engagement-achievements');

    // The score rose by the deposit (+5) and the trade (+1), and the parts say so.
    const after = await shownScore(page);
    expect(after).toBe(before + 6);
    await expect(page.getByTestId('score-part-deposits')).toContainText('1 deposit confirmed');
    await expect(page.getByTestId('score-history')).toContainText('Deposit confirmed');
    await screenshot(page, 'engagement-score-info');

    // The drawer shows the stored score.
    const drawer = await openUserDrawer(page);
    await expect(drawer.getByTestId('drawer-score')).toContainText(`${after} / 100`);
    await page.keyboard.press('Escape');

    // The radar draws its five axes, each with how it was computed.
    await page.goto('/radar');
    await expect(page.getByTestId('radar-chart').locator('svg').first()).toBeVisible();
    await expect(
      page.getByTestId('radar-chart').locator('.recharts-polar-angle-axis-tick'),
    ).toHaveCount(5);
    // Every axis label is whole inside the chart's SVG, which clips (at 375 px they ran off).
    const outside = await page.getByTestId('radar-chart').evaluate((card) => {
      const box = card.querySelector('svg')!.getBoundingClientRect();
      return [...card.querySelectorAll('.recharts-polar-angle-axis-tick text')].flatMap((label) => {
        const r = label.getBoundingClientRect();
        const inside = r.left >= box.left && r.right <= box.right && r.top >= box.top;
        return inside && r.bottom <= box.bottom ? [] : [label.textContent];
      });
    });
    expect(outside).toEqual([]);
    await expect(page.getByTestId('radar-activity')).toContainText(
      '1 trade filled in the last 90 days',
    );
    await expect(page.getByTestId('radar-diversification')).toContainText('1 sector');
    await screenshot(page, 'engagement-radar');
  });

  test('the VIP level changes when an admin edits the tiers', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const client = await approvedClient(request);
    const token = await clientToken(request, client);
    const ops = await staffToken(request, await createOps(`vip-${runId(testInfo.project.name)}`));
    // ₹30,000 for one day of thirty: a ₹1,000 average, VIP 0 on the seeded tiers.
    await fundClient(request, token, ops, 30_000);
    await expect
      .poll(
        async () =>
          (await clientCall(request, token, 'get', '/stat/app/v1/vip')).average_assets_paise,
      )
      .toBe(100_000);
    await signIn(page, client);
    let drawer = await openUserDrawer(page);
    await expect(drawer.getByTestId('drawer-vip')).toHaveText('VIP 0');
    await page.keyboard.press('Escape');

    // An admin lowers VIP 1 to an average of ₹500 in the console's tier editor.
    const adminEmail = `vip-admin-${runId(testInfo.project.name)}@firm.test`.toLowerCase();
    await createStaff(adminEmail, 'admin', STAFF_PASSWORD);
    const consolePage = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 } })
    ).newPage();
    await signInFirstTime(consolePage, adminEmail, STAFF_PASSWORD);
    await consolePage.goto(`${CONSOLE}/engagement/tiers`);
    const from = consolePage.getByLabel('VIP 1 from');
    await from.fill('500');
    await consolePage.getByTestId('save-tiers').click();
    await expect(
      consolePage.getByText('VIP tiers saved. Levels are being recomputed.').first(),
    ).toBeVisible();

    // The client's level is recomputed; the drawer and Score Info show VIP 1 and its benefit.
    await expect
      .poll(async () => (await clientCall(request, token, 'get', '/stat/app/v1/vip')).level, {
        timeout: 30_000,
      })
      .toBe(1);
    drawer = await openUserDrawer(page);
    await expect(drawer.getByTestId('drawer-vip')).toHaveText('VIP 1');
    await drawer.getByTestId('drawer-vip').click();
    await expect(page).toHaveURL(/\/score-info$/);
    await expect(page.getByTestId('score-info-vip')).toHaveText('VIP 1');
    await expect(page.getByTestId('vip-tier-1')).toContainText('5% off brokerage');
    await screenshot(page, 'engagement-vip');

    // Put the seeded tier back for the other specs of the run.
    await from.fill('100000');
    await consolePage.getByTestId('save-tiers').click();
    await expect(
      consolePage.getByText('VIP tiers saved. Levels are being recomputed.').first(),
    ).toBeVisible();
    await consolePage.context().close();
  });
});
