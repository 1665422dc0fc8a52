import { M } from '@sampada/shared';
import type { Locator, Page } from '@playwright/test';
import { approvedClient, expect, screenshot, signIn, test, toast } from './fixtures';

/** ₹3,212.40 → 3212.4 */
const rupeesOf = async (locator: Locator) =>
  Number((await locator.textContent())!.replace(/[₹,]/g, ''));

/**
 * Sets an alert ₹1 beyond the last price on the side given. The feed keeps moving while the
 * form is filled, and the server refuses a price the stock has already reached, so a refused
 * price is tried again from the new last price.
 */
async function setAlert(page: Page, drawer: Locator, direction: 'At or above' | 'At or below') {
  await drawer.getByTestId('price-alert-open').click();
  const modal = page.getByRole('dialog', { name: 'Price alert · TCS' });
  await expect(modal).toBeVisible();
  await modal.getByText(direction, { exact: true }).click();
  for (let attempt = 1; ; attempt += 1) {
    const last = await rupeesOf(drawer.getByTestId('stock-price'));
    const price = direction === 'At or above' ? last + 1 : last - 1;
    await modal.getByLabel('Alert price (₹)').fill(price.toFixed(2));
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/market/app/v1/alerts') && r.request().method() === 'POST',
      ),
      modal.getByRole('button', { name: 'Set alert' }).click(),
    ]);
    if (answer.ok()) break;
    await expect(modal.getByText(/^The price is already at or (above|below) ₹/)).toBeVisible();
    expect(attempt, 'the feed kept reaching the price before the alert was set').toBeLessThan(5);
  }
  await expect(modal).toBeHidden();
}

test.describe('[CLIENT][ALERTS]: a price alert fires once from the live feed', () => {
  test('an above and a below alert around the price: one fires as a toast and lands in the notifications', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const client = await approvedClient(request);
    await signIn(page, client);

    await page.keyboard.press('Control+K');
    const overlay = page.getByRole('dialog', { name: 'Search stocks' });
    await expect(overlay.getByPlaceholder(M.searchPlaceholder)).toBeFocused();
    await page.keyboard.type('TCS');
    await expect(page.getByTestId('search-result-TCS')).toBeVisible();
    await page.getByTestId('search-result-TCS').click();
    const drawer = page.getByRole('dialog', { name: 'TCS' });
    const price = drawer.getByTestId('stock-price');
    await expect(price).toHaveText(/^₹[\d,]+\.\d{2}$/);

    // ₹1 either side of the last price: whichever way the feed moves first, one fires.
    await setAlert(page, drawer, 'At or above');
    await expect(toast(page, 'Alert set: TCS at or above')).toBeVisible();
    await setAlert(page, drawer, 'At or below');
    await expect(toast(page, 'Alert set: TCS at or below')).toBeVisible();
    await page.keyboard.press('Escape');

    // The toast comes over the quotes WebSocket when the feed reaches one of them.
    const fired = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Price alert' })
      .filter({
        hasText: /TCS is at or (above|below) ₹[\d,]+\.\d{2}: last price ₹[\d,]+\.\d{2}\./,
      });
    await expect(fired.first()).toBeVisible({ timeout: 120_000 });
    await screenshot(page, 'price-alert-toast');

    const bell = page.getByTestId('notifications-bell');
    await expect(bell).toHaveAccessibleName(/Notifications, [12] unread/);
    await bell.click();
    const panel = page.getByTestId('notifications-panel');
    await expect(panel.getByTestId('notification').first()).toContainText(
      /TCS is at or (above|below)/,
    );
    await screenshot(page, 'notifications-panel');
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications, 0 unread');
  });
});
