import { type APIRequestContext, type Browser } from '@playwright/test';
import { md5 } from '@sampada/shared';
import { createStaff, sampada } from '../support/cli';
import {
  clientCall,
  clientToken,
  consoleCall,
  createOps,
  fundClient,
  getOrder,
  runId,
  setPin,
  STAFF_PASSWORD,
  staffToken,
  PIN,
} from '../support/trading';
import { CONSOLE, signInFirstTime } from '../console/support';
import { violations } from '../support/axe';
import { approvedClient, expect, screenshot, signIn, test, toast } from './fixtures';

/** An admin of this run turns the client's allow_loan on and lowers the maker-checker threshold. */
async function adminSetup(request: APIRequestContext, run: string, mobile: string) {
  const email = `admin-credit-${run}@firm.test`.toLowerCase();
  await createStaff(email, 'admin', STAFF_PASSWORD);
  const token = await staffToken(request, email);
  const page = await consoleCall(request, token, 'get', `/clients?q=${mobile}`);
  const clientId = (page.items as { id: string }[])[0]!.id;
  await consoleCall(request, token, 'post', `/clients/${clientId}/flags`, { allow_loan: true });
  // ₹10,000: the ₹25,000 loan below needs two officers.
  const saved = await request.put('/console/api/v1/credit/settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { approval_threshold_paise: 1_000_000 },
  });
  expect((await saved.json()).code).toBe(200);
  return token;
}

/** Buys shares at market over the API and waits for the fill. */
async function buyShares(
  request: APIRequestContext,
  token: string,
  symbol: string,
  quantity: number,
) {
  const order = await clientCall(request, token, 'post', '/trade/app/v1/orders', {
    type: 'market',
    symbol,
    side: 'buy',
    quantity,
    pin: md5(PIN),
  });
  await expect
    .poll(async () => (await getOrder(request, token, order.id as string)).status, {
      timeout: 60_000,
    })
    .toBe('filled');
}

/** An operations officer signs in to the console in a tab of their own and approves. */
async function approveInConsole(browser: Browser, email: string, loanId: string, expected: string) {
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signInFirstTime(desk, email, STAFF_PASSWORD);
  await desk.goto(`${CONSOLE}/credit/loans`);
  const row = desk.getByTestId('loan-row').filter({ has: desk.locator(`a[href$="${loanId}"]`) });
  await expect(row).toBeVisible();
  await row.getByTestId('loan-approve').click();
  await desk.getByTestId('loan-decision-reason').fill('Pledge and KYC checked');
  await desk.getByTestId('loan-decision-submit').click();
  await expect(toast(desk, 'Approval recorded.')).toBeVisible();
  await desk.goto(`${CONSOLE}/credit/loans/${loanId}`);
  await expect(desk.getByTestId('console-loan')).toContainText(expected);
  return { context, desk };
}

async function cashOf(request: APIRequestContext, token: string) {
  return (await clientCall(request, token, 'get', '/stat/app/v1/asset'))
    .cash_available_paise as number;
}

test('[CLIENT][CONSOLE][LOAN]: apply with a pledge after accepting the KFS, two officers approve, disbursed, closed in the cooling-off period with a no-dues letter, the pledge released', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const run = runId(testInfo.project.name);
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);
  const admin = await adminSetup(request, run, client.mobile);
  const opsA = await createOps(`${run}-a`);
  const opsB = await createOps(`${run}-b`);
  await fundClient(request, token, admin, 400_000);
  await buyShares(request, token, 'INFY', 100);

  // The client opens Credit Products from the menu and applies in the slide-up drawer.
  await signIn(page, client);
  await page.goto('/credit');
  await expect(page.getByTestId('credit-products-page')).toBeVisible();
  await page.getByTestId('credit-product-loan_against_shares').getByTestId('credit-apply').click();
  const drawer = page.getByTestId('loan-drawer');
  await expect(drawer.getByTestId('loan-application-panel')).toBeVisible();
  await drawer.getByTestId('loan-amount').fill('25000');
  await drawer.getByTestId('loan-tenure').click();
  await page.getByRole('option', { name: '3 months' }).click();
  const pledge = drawer.getByTestId('loan-pledge-INFY');
  await pledge.fill('100');
  await expect(drawer.getByTestId('loan-eligibility')).toContainText('You can borrow up to');
  await expect(drawer.getByTestId('loan-quote')).toContainText('Paid to your cash');
  // The key fact statement: read, shown with its APR and grievance officer, accepted.
  await drawer.getByTestId('loan-kfs-open').click();
  await expect(drawer.getByTestId('loan-kfs')).toContainText('APR (all-in cost)');
  await expect(drawer.getByTestId('loan-kfs')).toContainText('grievance.credit@sampada.in');
  await drawer.getByTestId('loan-kfs-accept').check();
  await screenshot(page, 'loan-01-application');
  await drawer.getByTestId('loan-pin').locator('input').first().click();
  await page.keyboard.type(PIN);
  await drawer.getByTestId('loan-submit').click();
  await expect(drawer.getByTestId('loan-applied')).toBeVisible();
  await drawer.getByTestId('loan-applied-view').click();
  await expect(page).toHaveURL(/\/credit\/loans\/[0-9a-f-]{36}$/);
  const loanId = page.url().split('/').pop()!;
  await expect(page.getByTestId('loan-status')).toHaveText('Applied');
  await expect(page.getByTestId('loan-approvals')).toHaveText('0 of 2 approvals');

  // Pledged shares cannot be sold meanwhile.
  const sell = await request.post('/trade/app/v1/orders', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { type: 'market', symbol: 'INFY', side: 'sell', quantity: 1, pin: md5(PIN) },
  });
  expect(sell.status()).toBe(400);

  // Two different officers approve; the second disburses.
  const first = await approveInConsole(browser, opsA, loanId, 'Approvals 1 of 2');
  await first.context.close();
  const second = await approveInConsole(browser, opsB, loanId, 'Approvals 2 of 2');
  const cashBefore = await cashOf(request, token);
  await second.desk.getByTestId('loan-disburse').click();
  await second.desk.getByTestId('loan-decision-submit').click();
  await expect(toast(second.desk, 'Loan disbursed to the client’s cash.')).toBeVisible();
  // Open now: the console's loan page shows the foreclosure statement, the client's figures
  // (disbursed today: inside the cooling-off period, principal and interest only).
  const closing = second.desk.getByTestId('loan-foreclosure');
  await expect(closing.getByTestId('foreclosure-total')).toHaveText('₹25,000.00');
  await expect(closing).toContainText('principal and interest only');
  await expect(closing).toContainText('IST');
  expect(await violations(second.desk, '[data-testid="loan-foreclosure"]')).toEqual([]);
  await screenshot(second.desk, 'loan-02-console-disbursed');
  await second.context.close();

  // Cash and records update: the amount less the 0.50% fee and its GST.
  const cashAfter = await cashOf(request, token);
  expect(cashAfter - cashBefore).toBe(2_500_000 - 12_500 - 2_250);
  const records = await clientCall(
    request,
    token,
    'get',
    '/funds/app/v1/records?type=loan_disbursal',
  );
  expect(records.items).toHaveLength(1);
  await page.reload();
  await expect(page.getByTestId('loan-status')).toHaveText('Active');
  await expect(page.getByTestId('loan-outstanding')).toHaveText('₹25,000.00');
  await screenshot(page, 'loan-03-active');

  // Disbursed today, so inside the cooling-off period: the foreclosure statement asks for the
  // principal and the interest so far only; closing on it releases the pledge (all 100 sell
  // again) and the no-dues letter downloads as a PDF.
  await expect(page.getByTestId('loan-cooling-off')).toContainText('(IST)');
  await page.getByTestId('loan-foreclosure-open').click();
  await expect(page.getByTestId('loan-foreclosure-total')).toHaveText('₹25,000.00');
  await expect(page.getByTestId('loan-foreclosure')).toContainText('principal and interest only');
  await screenshot(page, 'loan-04-foreclosure');
  await page.getByTestId('loan-foreclose-pin').locator('input').first().click();
  await page.keyboard.type(PIN);
  await page.getByTestId('loan-foreclose').click();
  await expect(page.getByTestId('loan-closed')).toContainText('closed and the pledge released');
  await expect(page.getByTestId('loan-status')).toHaveText('Closed');
  await expect(page.getByTestId('loan-pledges')).toContainText('released');
  const letter = page.waitForEvent('download');
  await page.getByTestId('loan-no-dues').click();
  expect((await letter).suggestedFilename()).toBe(`no-dues-${loanId}.pdf`);
  await expect(page.getByTestId('loan-kfs-download')).toBeVisible();
  await screenshot(page, 'loan-05-closed');
  const resold = await request.post('/trade/app/v1/orders', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { type: 'market', symbol: 'INFY', side: 'sell', quantity: 100, pin: md5(PIN) },
  });
  expect((await resold.json()).code).toBe(200);
  expect(await sampada('ledger', 'check')).toMatch(/^OK: /);
});
