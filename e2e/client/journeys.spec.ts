/**
 * Journeys a new client takes in their first minutes (issue 31): each step must lead on,
 * never to a button that does nothing or a figure that misleads.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext } from '@playwright/test';
import { md5 } from '@sampada/shared';
import { createStaff } from '../support/cli';
import {
  clientCall,
  clientToken,
  consoleCall,
  fundClient,
  getOrder,
  PIN,
  runId,
  setPin,
  STAFF_PASSWORD,
  staffToken,
} from '../support/trading';
import { approvedClient, drawerItem, expect, screenshot, signIn, test } from './fixtures';

/** An admin of this run, with the client's allow_loan turned on. */
async function adminWithLoans(request: APIRequestContext, run: string, mobile: string) {
  const email = `admin-journeys-${run}@firm.test`.toLowerCase();
  await createStaff(email, 'admin', STAFF_PASSWORD);
  const token = await staffToken(request, email);
  const page = await consoleCall(request, token, 'get', `/clients?q=${mobile}`);
  const clientId = (page.items as { id: string }[])[0]!.id;
  await consoleCall(request, token, 'post', `/clients/${clientId}/flags`, { allow_loan: true });
  return token;
}

async function buyAtMarket(
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

test('[JOURNEY][LOAN]: a client with two holdings pledges one and applies; Holdings and the stock then show the pledge and why Sell is off', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = runId(testInfo.project.name);
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);
  const admin = await adminWithLoans(request, run, client.mobile);
  await fundClient(request, token, admin, 400_000);
  await buyAtMarket(request, token, 'INFY', 100);
  await buyAtMarket(request, token, 'TCS', 10);

  await signIn(page, client);
  await page.goto('/credit');
  await page.getByTestId('credit-product-loan_against_shares').getByTestId('credit-apply').click();
  const drawer = page.getByTestId('loan-drawer');
  await drawer.getByTestId('loan-amount').fill('25000');
  await drawer.getByTestId('loan-tenure').click();
  await page.getByRole('option', { name: '3 months' }).click();
  // Only INFY is pledged: the TCS box is never touched (it used to fail the form silently).
  await drawer.getByTestId('loan-pledge-INFY').fill('100');
  await expect(drawer.getByTestId('loan-quote')).toContainText('Paid to your cash');

  // A refusal of the form itself says why next to the button: no PIN typed.
  await drawer.getByTestId('loan-submit').click();
  await expect(drawer.getByTestId('loan-apply-error')).toBeVisible();

  await drawer.getByTestId('loan-pin').locator('input').first().click();
  await page.keyboard.type(PIN);
  // The key fact statement is read and accepted before applying (RBI's digital lending rules).
  await drawer.getByTestId('loan-kfs-open').click();
  await drawer.getByTestId('loan-kfs-accept').check();
  const applied = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/loan/app/v1/apply'),
  );
  await drawer.getByTestId('loan-submit').click();
  expect((await (await applied).json()).code).toBe(200);
  await expect(drawer.getByTestId('loan-applied')).toBeVisible();
  await page.keyboard.press('Escape');

  // Holdings: INFY shows its pledge, none can be sold and Sell says why; TCS sells as before.
  await page.goto('/portfolio/holding');
  const infy = page.getByTestId('holding-row-INFY');
  await expect(infy).toBeVisible({ timeout: 30_000 });
  await expect(infy.getByTestId('holding-pledged-INFY')).toHaveText('100 pledged for a loan');
  await expect(infy.getByTestId('holding-sellable-INFY')).toHaveText('0 you can sell');
  await expect(infy.getByTestId('holding-sell-INFY')).toBeDisabled();
  await expect(infy.getByTestId('holding-gtt-INFY')).toBeDisabled();
  await expect(infy.getByTestId('holding-blocked-INFY')).toContainText('pledged for a loan');
  await expect(page.getByTestId('holding-sell-TCS')).toBeEnabled();
  await screenshot(page, 'journeys-holdings-pledged');

  // Sell buttons read at AA in light mode (they were red on red, 1.2:1).
  const contrast = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('[data-testid="holdings-table"]')
    .withRules(['color-contrast'])
    .analyze();
  expect(contrast.violations.map((v) => v.nodes.map((n) => n.target))).toEqual([]);

  // The stock's own position says the same.
  await infy.getByRole('button', { name: 'INFY', exact: true }).click();
  const position = page.getByTestId('stock-position');
  await expect(position).toContainText('You hold 100 · you can sell 0', { timeout: 30_000 });
  await expect(position).toContainText('100 pledged for a loan');
});

test('[JOURNEY][HOME]: a new client sees next steps on Home (bank, PIN, money, first trade) and reaches Deposit from Home and Portfolio', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const client = await approvedClient(request);
  await signIn(page, client);
  const steps = page.getByTestId('next-steps');
  await expect(steps).toBeVisible({ timeout: 30_000 });
  await expect(steps).toContainText('0 of 4 done');
  for (const step of ['bank', 'pin', 'money', 'trade'])
    await expect(steps.getByTestId(`next-step-${step}-go`)).toBeVisible();
  await screenshot(page, 'journeys-home-next-steps');

  // Set PIN from the step: the modal opens, titled as the step says.
  await steps.getByTestId('next-step-pin-go').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // Add money from Home …
  await page.getByTestId('assets-deposit').click();
  await expect(page.getByRole('dialog', { name: /deposit/i })).toBeVisible();
  await page.keyboard.press('Escape');
  // … and from Portfolio.
  await page.goto('/portfolio/holding');
  await page.getByTestId('portfolio-deposit').click();
  await expect(page.getByRole('dialog', { name: /deposit/i })).toBeVisible();
  await page.keyboard.press('Escape');

  // A step done is ticked: with a PIN, three remain.
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);
  await page.goto('/dashboard');
  await expect(steps).toContainText('1 of 4 done', { timeout: 30_000 });
  await expect(steps.getByTestId('next-step-pin-go')).toHaveCount(0);
});

test('[JOURNEY][KYC]: the ID image viewer opens above View KYC, and each Escape closes only the top layer', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const client = await approvedClient(request);
  await signIn(page, client);
  await drawerItem(page, 'Profile', 'View KYC');
  const kyc = page.getByRole('dialog', { name: 'View KYC' });
  await expect(kyc.getByRole('img', { name: 'ID Front' })).toBeVisible({ timeout: 30_000 });
  await kyc.getByRole('button', { name: 'Open ID Front' }).click();
  const viewer = page.getByRole('dialog', { name: 'ID Front' });
  await expect(viewer).toBeVisible();
  // On top: the point at the viewer's centre belongs to the viewer.
  const box = (await viewer.boundingBox())!;
  const onTop = await viewer.evaluate(
    (el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe(true);
  await screenshot(page, 'journeys-kyc-viewer');

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(kyc).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(kyc).toBeHidden();
});

test('[JOURNEY][CREDIT]: /credit for a client without loans says it is not available for their account and leads Home', async ({
  page,
  request,
}) => {
  const client = await approvedClient(request);
  await signIn(page, client);
  await page.goto('/credit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Not available for your account',
  );
  await expect(page.getByText('Page not found')).toHaveCount(0);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
});
