import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { FUNDS_DONE, M } from '@sampada/shared';
import { createStaff } from '../support/cli';
import { CONSOLE, signInFirstTime } from '../console/support';
import { expect, openUserDrawer, screenshot, signIn, test, toast } from './fixtures';

/** The demo client (KYC approved as Priya Sharma; demo seed apps/server/src/modules/demo). */
const DEMO = { mobile: '9876543210', password: 'demo1234', name: 'Priya Sharma' };
const PIN = '246810'; // the demo client's (seeded with its history)
const STAFF_PASSWORD = 'Console-e2e-2026';

/** A fresh operations member signs in to the console; its bearer token drives the console API. */
async function opsToken(page: Page, run: string): Promise<string> {
  const email = `ops-funds-${run}@firm.test`;
  await createStaff(email, 'operations', STAFF_PASSWORD);
  const consolePage = await page.context().newPage();
  await signInFirstTime(consolePage, email, STAFF_PASSWORD);
  await consolePage.goto(`${CONSOLE}/`);
  const token = await consolePage.evaluate(
    () => JSON.parse(sessionStorage.getItem('sampada.console.session') ?? '{}').token as string,
  );
  await consolePage.close();
  expect(token).toBeTruthy();
  return token;
}

async function consoleCall(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
) {
  const response = await request[method](`${CONSOLE}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    ...(data ? { data } : {}),
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data;
}

async function openMoneyDrawer(page: Page, name: 'Deposit' | 'Withdraw') {
  const drawer = await openUserDrawer(page);
  await drawer.getByRole('button', { name, exact: true }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

async function typePin(page: Page, scope: ReturnType<Page['getByRole']>, testId: string) {
  await scope.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(PIN);
}

test('[CLIENT][FUNDS]: deposit, confirmation, bank account, withdrawal with PIN, records and CSV statement', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const rupees = 20_000 + (Date.now() % 900);
  const amount = `${rupees}.25`;
  const shown = `₹${new Intl.NumberFormat('en-IN').format(rupees)}.25`;
  const utr = `${Date.now()}`.slice(-12).padStart(12, '8');

  await signIn(page, DEMO);

  // Deposit in the drawer: the firm's account is shown, the UTR entered, the status shown.
  let drawer = await openMoneyDrawer(page, 'Deposit');
  await expect(drawer.getByTestId('deposit-account')).toContainText('50200012345678');
  await drawer.getByLabel('Amount').fill('19999');
  await drawer.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(drawer.getByText('The minimum deposit is ₹20,000.00.')).toBeVisible();
  await drawer.getByLabel('Amount').fill(amount);
  await drawer
    .locator('label')
    .filter({ hasText: /^IMPS$/ })
    .click();
  await drawer.getByLabel('UTR / reference number').fill(utr);
  await drawer.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(drawer.getByTestId('deposit-result')).toContainText(FUNDS_DONE.depositRequested);
  await expect(drawer.getByTestId('deposit-result')).toContainText('Pending');
  await expect(drawer.getByTestId('deposit-row').filter({ hasText: utr })).toContainText('Pending');
  await screenshot(page, 'funds-deposit-requested');
  await page.keyboard.press('Escape');

  // Operations confirm it through the console API.
  const token = await opsToken(page, run);
  const queue = await consoleCall(request, token, 'get', '/funds/deposits?status=pending');
  const pending = (queue.items as { id: string; utr: string }[]).find((item) => item.utr === utr);
  expect(pending).toBeTruthy();
  const confirmed = await consoleCall(
    request,
    token,
    'post',
    `/funds/deposits/${pending!.id}/confirm`,
  );
  expect(confirmed.status).toBe('confirmed');

  // The client is told (live, or by the bell's 30 s poll) and the notice opens the credit's
  // receipt over the records.
  await page.getByTestId('notifications-bell').click();
  const notice = page
    .getByTestId('notification')
    .filter({ hasText: `${shown} added to your funds.` })
    .first();
  await expect(notice).toBeVisible({ timeout: 45_000 });
  await expect(notice).toContainText(/(am|pm) (IST|UTC|GMT[+0-9:]*)/);
  await notice.click();
  await expect(page.getByTestId('receipt-detail')).toContainText(utr);
  await expect(page).toHaveURL(/\/me\/records$/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('receipt-detail')).toHaveCount(0);

  // A deposit refused moved no money, so it has no receipt: its notice opens the Deposit
  // drawer, whose recent deposits list it as rejected with the reason.
  const refusedUtr = `${Date.now() + 7}`.slice(-12).padStart(12, '7');
  const refusedShown = `₹${new Intl.NumberFormat('en-IN').format(rupees + 1)}.50`;
  drawer = await openMoneyDrawer(page, 'Deposit');
  await drawer.getByLabel('Amount').fill(`${rupees + 1}.50`);
  await drawer
    .locator('label')
    .filter({ hasText: /^IMPS$/ })
    .click();
  await drawer.getByLabel('UTR / reference number').fill(refusedUtr);
  await drawer.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(drawer.getByTestId('deposit-row').filter({ hasText: refusedUtr })).toContainText(
    'Pending',
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const waiting = await consoleCall(request, token, 'get', '/funds/deposits?status=pending');
  const refused = (waiting.items as { id: string; utr: string }[]).find(
    (item) => item.utr === refusedUtr,
  );
  await consoleCall(request, token, 'post', `/funds/deposits/${refused!.id}/reject`, {
    reason: 'No credit with this UTR on our statement',
  });
  await page.getByTestId('notifications-bell').click();
  const refusal = page
    .getByTestId('notification')
    .filter({ hasText: `Your deposit of ${refusedShown} was rejected.` })
    .first();
  await expect(refusal).toBeVisible({ timeout: 45_000 });
  await refusal.click();
  const deposits = page.getByRole('dialog', { name: 'Deposit' });
  const refusedRow = deposits.getByTestId('deposit-row').filter({ hasText: refusedUtr });
  await expect(refusedRow).toContainText('No credit with this UTR on our statement');
  // Below the form, brought into view and marked as the one the notice is about.
  await expect(refusedRow).toHaveAttribute('data-focused', 'true');
  await expect(refusedRow).toBeInViewport();
  await expect(deposits.getByTestId('deposit-row').filter({ hasText: refusedUtr })).toContainText(
    'Rejected',
  );
  await screenshot(page, 'funds-deposit-refused');
  await page.keyboard.press('Escape');
  await expect(deposits).toBeHidden();

  // The client's records and assets show the credit.
  const depositRow = page.getByTestId('record-row').filter({ hasText: shown }).first();
  await expect(depositRow).toContainText('Deposit');
  await depositRow.click();
  await expect(page.getByTestId('receipt-detail')).toContainText(utr);
  await page.keyboard.press('Escape');
  await page.goto('/me/assets');
  await expect(page.getByTestId('assets-available')).toContainText('₹');

  // A PIN if the client has none yet (the other project may have set it).
  const account = await openUserDrawer(page);
  await account.getByText('Security', { exact: true }).click();
  // The Security group opens with a transition: wait for its PIN item before reading it.
  const pinItem = account.getByText(/^(Set|Change) PIN$/);
  await expect(pinItem).toBeVisible();
  if ((await pinItem.textContent()) === 'Set PIN') {
    await pinItem.click();
    const dialog = page.getByRole('dialog', { name: 'Set PIN' });
    await dialog.getByLabel('Current password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByTestId('pin-input').locator('input').first().click();
    await page.keyboard.type(PIN);
    await expect(toast(page, M.pinSet)).toBeVisible();
  } else {
    await page.keyboard.press('Escape');
  }

  // A bank account in the KYC name, from the Bank Accounts section.
  const last4 = `${Date.now()}`.slice(-4);
  await page.goto('/me#bank-section');
  const bank = page.locator('#bank-section');
  await expect(bank).toBeInViewport();
  await bank.getByRole('button', { name: 'Add bank account' }).click();
  await bank.getByLabel('Account holder name').fill(DEMO.name);
  await bank.getByLabel('Account number').fill(`12345678${last4}`);
  await bank.getByLabel('IFSC').fill('SBIN0001234');
  const form = bank.getByRole('form', { name: 'Add bank account' });
  await expect(form.getByText('State Bank of India')).toBeVisible();
  await typePin(page, bank, 'funds-pin');
  await bank.getByRole('button', { name: 'Save bank account' }).click();
  await expect(toast(page, FUNDS_DONE.bankCardAdded)).toBeVisible();
  await expect(bank.getByTestId('bank-card').filter({ hasText: last4 })).toContainText(
    'State Bank of India',
  );
  await screenshot(page, 'funds-bank-card');

  // Withdraw with the PIN; operations pay it.
  const withdrawRupees = 100 + (Date.now() % 50);
  drawer = await openMoneyDrawer(page, 'Withdraw');
  await expect(drawer.getByTestId('withdraw-available')).toContainText('₹');
  await drawer.getByLabel('Amount').fill(`${withdrawRupees}`);
  await drawer.getByRole('radio', { name: new RegExp(`${last4}$`) }).check();
  await typePin(page, drawer, 'funds-pin');
  await drawer.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(drawer.getByTestId('withdraw-result')).toContainText(FUNDS_DONE.withdrawalRequested);
  await screenshot(page, 'funds-withdrawal-requested');
  await page.keyboard.press('Escape');
  const withdrawals = await consoleCall(request, token, 'get', '/funds/withdrawals?status=pending');
  const withdrawal = (
    withdrawals.items as {
      id: string;
      amount_paise: number;
      bank_card: { account_last4: string };
    }[]
  ).find(
    (item) => item.amount_paise === withdrawRupees * 100 && item.bank_card.account_last4 === last4,
  );
  expect(withdrawal).toBeTruthy();
  const paid = await consoleCall(
    request,
    token,
    'post',
    `/funds/withdrawals/${withdrawal!.id}/pay`,
    {
      bank_reference: `PAY${Date.now()}`.slice(0, 20),
    },
  );
  expect(paid.status).toBe('paid');

  await page.goto('/me/records');
  await expect(
    page.getByTestId('record-row').filter({ hasText: 'Withdrawal paid' }).first(),
  ).toBeVisible();
  await screenshot(page, 'funds-records');

  // The CSV statement of the period, fetched with the token and saved.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statement-.+\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(DEMO.name);
  expect(csv).toContain(shown);
  expect(csv).toContain(`₹${withdrawRupees}.00`);
});
