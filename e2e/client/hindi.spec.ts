import type { Locator, Page } from '@playwright/test';
import { expect, openLogin, screenshot, test } from './fixtures';

/** The demo client (seeded with holdings, orders and a PIN; apps/server/src/modules/demo). */
const DEMO = { mobile: '9876543210', password: 'demo1234' };

/**
 * Labels each screen shows in English; in Hindi none may remain. Phrases, not single words,
 * so a company name or a ticker in the data cannot match.
 */
const STRAY_ENGLISH = {
  dashboard: ['Your assets', 'Total assets', 'Available cash', 'Latest headlines', 'Top movers'],
  stock: ['Key statistics', 'Prev. close', 'Market cap', 'Price band', 'Tick size'],
  deposit: ['How you paid', 'Submit deposit', 'Recent deposits', 'Account number', 'Amount'],
  holdings: ['Avg. cost', 'Current value', 'Unrealised P&L', 'Put up for sale'],
  orders: ['All types', 'All statuses', 'Contract note', 'No orders match'],
  shell: ['Portfolio', 'Market', 'Discover', 'All Deals', 'Watchlist'],
};

async function expectNoStrayEnglish(scope: Locator, phrases: string[]) {
  const text = await scope.innerText();
  expect(phrases.filter((phrase) => text.includes(phrase))).toEqual([]);
}

async function signInInHindi(page: Page) {
  await openLogin(page);
  await page.getByTestId('language-switch').getByText('हिन्दी').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await page.getByLabel('मोबाइल नंबर').fill(DEMO.mobile);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'साइन इन', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('[CLIENT][HINDI]: dashboard, a stock, deposit, holdings and orders speak Hindi after the switch', async ({
  page,
}) => {
  // Five screens and their screenshots in one sign-in.
  test.setTimeout(180_000);
  // Hindi bundles are fetched only after the switch, never by the English sign-in page.
  const hindiBundles: string[] = [];
  page.on('request', (request) => {
    if (/hi-IN/.test(request.url())) hindiBundles.push(request.url());
  });
  await openLogin(page);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(hindiBundles).toEqual([]);

  await signInInHindi(page);

  // Dashboard: the assets card, the watchlist and the shell (sidebar with the menu titles).
  const dashboard = page.getByTestId('dashboard-page');
  await expect(dashboard.getByText('आपकी संपत्ति')).toBeVisible();
  await expect(dashboard.getByText('कुल संपत्ति').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'सभी डील' })).toBeVisible();
  await expectNoStrayEnglish(dashboard, STRAY_ENGLISH.dashboard);
  await expectNoStrayEnglish(page.locator('nav').first(), STRAY_ENGLISH.shell);
  await expect(page).toHaveTitle(/होम/);
  await screenshot(page, 'dashboard-hi-IN');

  // A stock page, opened from search.
  await page.keyboard.press('Control+K');
  const search = page.getByRole('dialog', { name: 'स्टॉक खोजें' });
  await expect(search).toBeVisible();
  // Into the field itself: typed before the dialog had focused it, the keys went nowhere.
  await search.getByTestId('search-input').fill('TCS');
  await page.getByTestId('search-result-TCS').click();
  const stats = page.getByTestId('key-stats');
  await expect(stats).toContainText('पिछला बंद');
  await expect(stats).toContainText('बाज़ार पूँजीकरण');
  await expectNoStrayEnglish(stats, STRAY_ENGLISH.stock);
  await screenshot(page, 'stock-hi-IN');
  await page.keyboard.press('Escape');

  // Funds: the deposit drawer from the user menu.
  await page.getByTestId('user-avatar').click();
  const drawer = page.getByRole('dialog', { name: 'मेरा खाता' });
  await drawer.getByRole('button', { name: 'जमा करें', exact: true }).click();
  const deposit = page.getByRole('dialog', { name: 'जमा करें' });
  await expect(deposit.getByText('फ़र्म के खाते में ट्रांसफ़र करें')).toBeVisible();
  await expect(deposit.getByRole('button', { name: 'जमा अनुरोध भेजें' })).toBeVisible();
  await expectNoStrayEnglish(deposit, STRAY_ENGLISH.deposit);
  await screenshot(page, 'deposit-hi-IN');
  await page.keyboard.press('Escape');

  // Holdings and the order history of the demo client's seeded trades.
  await page.goto('/portfolio/holding');
  await expect(page.getByRole('tab', { name: 'होल्डिंग्स' })).toBeVisible();
  await expect(page.getByText('औसत लागत').first()).toBeVisible();
  await expectNoStrayEnglish(page.locator('main'), STRAY_ENGLISH.holdings);
  await screenshot(page, 'holdings-hi-IN');

  await page.goto('/portfolio/history');
  await expect(page.locator('main')).toContainText('सभी स्थितियाँ');
  // The status badges of the seeded filled orders (the filter's options are hidden).
  await expect(
    page.locator('main').getByText('पूरा हुआ', { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await expectNoStrayEnglish(page.locator('main'), STRAY_ENGLISH.orders);
  await screenshot(page, 'orders-hi-IN');
  expect(hindiBundles.length).toBeGreaterThan(0);
});
