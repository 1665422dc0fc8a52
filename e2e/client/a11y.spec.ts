/**
 * axe-core on the main screens (issue 31): no critical and no serious violation, on the client
 * app at 1440 px and 375 px and on the console at 1440 px.
 */
import { settled, violations } from '../support/axe';
import { createStaff } from '../support/cli';
import { consoleCall, runId, STAFF_PASSWORD, staffToken } from '../support/trading';
import { CONSOLE, signInFirstTime } from '../console/support';
import { approvedClient, expect, openUserDrawer, signIn, test } from './fixtures';

test('[A11Y][CLIENT]: the main client screens and drawers have no critical or serious axe violation', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(600_000);
  const client = await approvedClient(request);
  // allow_loan, so that the loan drawer can be checked too.
  const email = `admin-a11y-${runId(testInfo.project.name)}@firm.test`.toLowerCase();
  await createStaff(email, 'admin', STAFF_PASSWORD);
  const admin = await staffToken(request, email);
  const found = await consoleCall(request, admin, 'get', `/clients?q=${client.mobile}`);
  const clientId = (found.items as { id: string }[])[0]!.id;
  await consoleCall(request, admin, 'post', `/clients/${clientId}/flags`, { allow_loan: true });

  await signIn(page, client);
  const found_: Record<string, string[]> = {};
  const check = async (name: string, scope?: string) => {
    await settled(page);
    const lines = await violations(page, scope);
    if (lines.length) found_[name] = lines;
  };

  for (const [name, path] of [
    ['dashboard', '/dashboard'],
    ['market', '/market'],
    ['holdings', '/portfolio/holding'],
    ['history', '/portfolio/history'],
    ['me', '/me'],
    ['profile', '/me/profile'],
    ['fund records', '/me/records'],
  ] as const) {
    await page.goto(path);
    await check(name);
  }

  await page.goto('/market');
  await page.getByText('INFY', { exact: true }).first().click();
  await expect(page.getByTestId('stock-detail-drawer').getByRole('dialog')).toBeVisible();
  await check('stock detail', '[data-testid="stock-detail-drawer"]');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  const drawer = await openUserDrawer(page);
  await check('user drawer', '[role="dialog"]');
  await drawer.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Deposit' })).toBeVisible();
  await check('deposit drawer', '[role="dialog"]');
  await page.keyboard.press('Escape');

  await page.goto('/credit');
  await page.getByTestId('credit-product-loan_against_shares').getByTestId('credit-apply').click();
  await expect(page.getByTestId('loan-application-panel')).toBeVisible();
  await check('loan drawer', '[role="dialog"]');

  expect(found_, JSON.stringify(found_, null, 2)).toEqual({});
});

// The console is a desk screen: desktop only.
test(
  '[A11Y][CONSOLE]: the console main pages have no critical or serious axe violation',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    test.setTimeout(600_000);
    const email = `admin-a11y-console-${runId(testInfo.project.name)}@firm.test`.toLowerCase();
    await createStaff(email, 'admin', STAFF_PASSWORD);
    await signInFirstTime(page, email, STAFF_PASSWORD);
    const found: Record<string, string[]> = {};
    for (const path of [
      '/',
      '/clients',
      '/kyc',
      '/funds/deposits',
      '/funds/withdrawals',
      '/credit/loans',
      '/trading/desk',
      '/audit',
      '/settings',
    ]) {
      await page.goto(`${CONSOLE}${path === '/' ? '' : path}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const lines = await violations(page);
      if (lines.length) found[path] = lines;
    }
    expect(found, JSON.stringify(found, null, 2)).toEqual({});
  },
);
