import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createStaff } from '../support/cli';
import {
  clientCall,
  clientToken,
  consoleCall,
  createOps,
  runId,
  STAFF_PASSWORD,
  staffToken,
} from '../support/trading';
import { CONSOLE, signInFirstTime } from '../console/support';
import { approvedClient, expect, idImage, screenshot, signIn, test, toast } from './fixtures';

/**
 * An admin of this run turns the client's allow_compensation and allow_bonus on, lowers the
 * compensation maker-checker threshold to ₹100 and publishes a ₹250 bonus offer.
 */
async function adminSetup(request: APIRequestContext, run: string, mobile: string) {
  const email = `admin-comp-${run}@firm.test`.toLowerCase();
  await createStaff(email, 'admin', STAFF_PASSWORD);
  const token = await staffToken(request, email);
  const page = await consoleCall(request, token, 'get', `/clients?q=${mobile}`);
  const clientId = (page.items as { id: string }[])[0]!.id;
  await consoleCall(request, token, 'post', `/clients/${clientId}/flags`, {
    allow_compensation: true,
    allow_bonus: true,
  });
  const saved = await request.put('/console/api/v1/compensation/settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { max_claim_paise: 100_000_000, approval_threshold_paise: 10_000 },
  });
  expect((await saved.json()).code).toBe(200);
  const now = Date.now();
  const offer = await consoleCall(request, token, 'post', '/offers', {
    title: `Diwali bonus ${run}`,
    body: 'A bonus for our clients this festive season.',
    kind: 'bonus',
    bonus_kind: 'fixed',
    amount_paise: 25_000,
    budget_paise: 10_000_000,
    valid_from: new Date(now - 60_000).toISOString(),
    valid_until: new Date(now + 86_400_000).toISOString(),
    status: 'published',
  });
  return { token, offerId: offer.id as string };
}

/** An operations officer signs in to the console in a tab of their own (first time: TOTP enrolment). */
async function officerDesk(browser: Browser, email: string) {
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signInFirstTime(desk, email, STAFF_PASSWORD);
  return { context, desk };
}

/** The officer decides on the claim's page. */
async function decideInConsole(
  desk: Page,
  claimId: string,
  action: 'ask-info' | 'approve' | 'pay',
  text: string | null,
  expected: string,
) {
  await desk.goto(`${CONSOLE}/compensation/claims/${claimId}`);
  await desk.getByTestId(`claim-${action}`).click();
  if (text !== null) await desk.getByTestId('decision-text').fill(text);
  await desk.getByTestId('decision-confirm').click();
  await expect(desk.getByTestId('claim-status')).toHaveText(expected);
}

test('[CLIENT][CONSOLE][COMPENSATION]: a claim with two images, information asked and given, approved by two officers, paid, in applications and fund records; a bonus claimed from the offers view', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const run = runId(testInfo.project.name);
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  const admin = await adminSetup(request, run, client.mobile);
  const opsA = await createOps(`comp-${run}-a`);
  const opsB = await createOps(`comp-${run}-b`);

  // The client opens the Compensation Application drawer from the applications page.
  await signIn(page, client);
  await page.goto('/me/application');
  await page.getByTestId('open-compensation').click();
  const drawer = page.getByTestId('compensation-drawer');
  await expect(drawer.getByTestId('compensation-form')).toBeVisible();
  await expect(drawer).toContainText('Supported: JPG, PNG. Max 10 images.');
  await drawer.getByTestId('claim-category').selectOption('wrong_charge');
  await drawer.getByTestId('claim-amount').fill('500');
  await drawer.getByTestId('claim-description').fill('DP charge was taken twice on one sell.');
  await drawer.locator('input[type=file]').setInputFiles([
    { name: 'one.jpg', mimeType: 'image/jpeg', buffer: await idImage('ONE') },
    { name: 'two.jpg', mimeType: 'image/jpeg', buffer: await idImage('TWO') },
  ]);
  await screenshot(page, 'compensation-01-application');
  await drawer.getByTestId('claim-submit').click();
  await expect(drawer.getByTestId('claim-submitted')).toContainText('CMP-');
  const claims = await clientCall(request, token, 'get', '/compensation/app/v1/list');
  const claimId = (claims.items as { id: string }[])[0]!.id;
  const detail = await clientCall(request, token, 'get', `/compensation/app/v1/${claimId}`);
  expect(detail.evidence).toHaveLength(2);

  // An officer asks for more; the client answers on the applications page.
  const a = await officerDesk(browser, opsA);
  await decideInConsole(
    a.desk,
    claimId,
    'ask-info',
    'Send the contract note.',
    'Information requested',
  );
  await page.goto('/me/application');
  const row = page.getByTestId('application-row').filter({ hasText: 'Compensation' }).first();
  await expect(row.getByTestId('application-status')).toHaveText('Information requested');
  await row.getByRole('button', { name: 'Timeline' }).click();
  await row.getByTestId('claim-reply-text').fill('Contract note attached.');
  await row.getByTestId('claim-reply-send').click();
  await expect(row.getByTestId('application-status')).toHaveText('Under review');

  // Two officers approve (above the ₹100 threshold); the second pays.
  await decideInConsole(a.desk, claimId, 'approve', 'Charged twice.', 'Under review');
  await a.context.close();
  const b = await officerDesk(browser, opsB);
  await decideInConsole(b.desk, claimId, 'approve', 'Agreed.', 'Approved');
  await b.desk.getByTestId('claim-pay').click();
  await b.desk.getByTestId('decision-confirm').click();
  await expect(b.desk.getByTestId('claim-status')).toHaveText('Paid');
  await screenshot(b.desk, 'compensation-02-console-paid');
  await b.context.close();

  await page.reload();
  await expect(
    page
      .getByTestId('application-row')
      .filter({ hasText: 'Compensation' })
      .first()
      .getByTestId('application-status'),
  ).toHaveText('Paid');
  const records = await clientCall(
    request,
    token,
    'get',
    '/funds/app/v1/records?type=compensation',
  );
  expect((records.items as { amount_paise: number }[]).map((r) => r.amount_paise)).toEqual([
    50_000,
  ]);

  // A bonus claimed from the offers view.
  await page.goto('/offers');
  const card = page.getByTestId('offer-card').filter({ hasText: `Diwali bonus ${run}` });
  await card.getByTestId('offer-claim').click();
  await expect(toast(page, '₹250.00 credited to your cash.')).toBeVisible();
  await expect(card.getByTestId('offer-claimed')).toBeVisible();
  const bonus = await clientCall(request, token, 'get', '/funds/app/v1/records?type=bonus');
  expect((bonus.items as { amount_paise: number }[]).map((r) => r.amount_paise)).toEqual([25_000]);
  void admin;
});
