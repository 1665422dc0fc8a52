import type { Page } from '@playwright/test';
import { approvedClient, expect, openLogin, screenshot, signIn, test } from './fixtures';

/** The client the demo seed builds, with months of history (apps/server/src/modules/demo). */
const DEMO = { mobile: '9876543210', password: 'demo1234', name: 'Priya Sharma' };

/** The main screens, each with what shows it has loaded. */
const MAIN_SCREENS = [
  ['/dashboard', 'dashboard-page'],
  ['/market', null],
  ['/discover', null],
  ['/portfolio/summary', null],
  ['/portfolio/holding', 'holdings-table'],
  ['/portfolio/awaiting', null],
  ['/portfolio/history', null],
  ['/me/profile', 'profile-page'],
  ['/me/application', null],
  ['/me/records', 'records-table'],
  ['/watchlist', null],
  ['/market/most-active', null],
  ['/market/ranking', null],
  ['/deals', null],
  ['/portfolio/stats/investment', 'investment-table'],
  ['/portfolio/stats/stocks', 'stock-stats-table'],
  ['/me/bank-cards', 'bank-card'],
  ['/me/assets', null],
  ['/news', null],
  ['/score-info', 'score-info-page'],
] as const;

/**
 * Widths that do not fit: the page itself and every table's box (a table wider than its
 * container is cut off or scrolls sideways). Returns what overflowed, for the message.
 */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    }
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth || table.scrollWidth > box.clientWidth) {
        found.push(
          `table ${table.scrollWidth} in ${box.clientWidth}: ${table.innerText.slice(0, 40)}`,
        );
      }
    }
    return found;
  });
}

/** Waits for the page's data, then asserts nothing is wider than the screen. */
async function expectFits(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => overflows(page), { message: name }).toEqual([]);
}

test.describe('[CLIENT][PHONE]: every screen reachable and no horizontal overflow', () => {
  // On a desktop the sidebar lists these routes: phone only.
  test(
    'Me › More lists every menu route; each opens and fits at 375 px',
    { tag: '@phone-only' },
    async ({ page, request }) => {
      test.setTimeout(240_000);
      const client = await approvedClient(request);
      await signIn(page, client);
      const tabs = page.getByTestId('bottom-tabs');
      await tabs.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByRole('tab', { name: 'More' }).click();
      await expect(page).toHaveURL(/\/me\/more$/);
      await expect(page).toHaveTitle('Sampada | More');
      const list = page.getByTestId('more-page');
      const links = list.getByRole('link');
      await expect(links.first()).toBeVisible();
      const entries = await links.evaluateAll((as) =>
        as.map((a) => ({
          title: (a as HTMLElement).innerText.trim(),
          href: a.getAttribute('href')!,
        })),
      );
      // The default menu without its capability-gated items.
      for (const title of [
        'News',
        'Watchlist',
        'Most Active',
        'Ranking',
        'All Deals',
        'Investment Stats',
        'Stock Stats',
        'Bank Cards',
        'Client Assets',
        'Score Info',
      ]) {
        expect(entries.map((e) => e.title)).toContain(title);
      }
      await expect(list.locator('svg').first()).toBeVisible();
      await screenshot(page, 'me-more');
      await expectFits(page, '/me/more');

      for (const { title, href } of entries) {
        await tabs.getByRole('link', { name: 'Me', exact: true }).click();
        await page.getByRole('tab', { name: 'More' }).click();
        await list.getByRole('link', { name: title, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${href.replace(/[/]/g, '\\/')}$`));
        await expect(page).toHaveTitle(`Sampada | ${title}`);
        await expectFits(page, href);
        await screenshot(page, `menu${href.replace(/\//g, '-')}`);
      }
    },
  );
});

test.describe('[CLIENT][DEMO]: the demo client on a fresh start', () => {
  test('the dashboard shows holdings and P&L; every main screen fits, with screenshots', async ({
    page,
  }, info) => {
    test.setTimeout(300_000);
    await signIn(page, DEMO);
    const assets = page.getByTestId('assets-card');
    const holdingsValue = page.getByTestId('assets-holdings_value');
    const valued = /^₹[1-9][\d,]*\.\d\d$/;
    // On a loaded box the first asking may pass the app's 10 s limit (stop 44's CI): the card
    // then says so with a Try again, which a client would press.
    const failed = page.getByTestId('assets-failed');
    await expect(holdingsValue.filter({ hasText: valued }).or(failed)).toBeVisible();
    if (await failed.isVisible()) await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(holdingsValue).toHaveText(valued);
    await expect(page.getByTestId('assets-pnl')).toContainText(/[+−-]?₹[\d,]+\.\d\d/);
    await expect(page.getByTestId('assets-pnl')).not.toContainText('₹0.00');
    await expect(assets).toBeVisible();
    for (const [path, testId] of MAIN_SCREENS) {
      await page.goto(path);
      if (testId) await expect(page.getByTestId(testId).first()).toBeVisible();
      await expectFits(page, path);
      await screenshot(page, `${info.project.name}${path.replace(/\//g, '-')}`);
    }
    // Seven holdings bought over past months, each a dense row on a phone.
    await page.goto('/portfolio/holding');
    await expect(page.locator('[data-testid^="holding-row-"]')).toHaveCount(7);
    if (info.project.name === 'phone') {
      // A dense row of four lines, not a card of eight (~290 px, one whole holding a screen).
      const heights = await page
        .locator('[data-testid^="holding-row-"]')
        .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
      expect(Math.min(...heights)).toBeLessThan(180);
    }
  });
});

test.describe('[CLIENT][KEYBOARD]: signing in without a mouse', () => {
  test('Tab goes mobile → password (not the clear button), Enter signs in', async ({ page }) => {
    await openLogin(page);
    const mobile = page.getByLabel('Mobile number');
    await mobile.focus();
    await page.keyboard.type(DEMO.mobile);
    // The mobile field's clear (×) button is out of the tab order.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
  });
});
