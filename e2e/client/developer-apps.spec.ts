/**
 * Me › Developer apps (issue 35): a client creates an API app with the PIN and sees its secret
 * once, rotates it, reads the (empty) delivery log; operations disable the app in the console
 * and the client sees it disabled; the client deletes it. A client with two-step verification
 * on creates and rotates with a code instead of the PIN (a used one refused). axe on the screen
 * at each size and on the console's card; nothing wider than the screen at 375 px.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { CONNECT_CONSOLE_DONE, md5, TwoFactorMessage } from '@sampada/shared';
import { authenticator } from 'otplib';
import { violations } from '../support/axe';
import { PIN, STAFF_PASSWORD, clientToken, createOps, runId, setPin } from '../support/trading';
import { CONSOLE, signInFirstTime } from '../console/support';
import { approvedClient, expect, screenshot, signIn, test, toast, type TClient } from './fixtures';

const ZONED_TIME = /\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m [A-Z]{2,4}/;

async function typePin(page: Page, scope: Locator, testId: string) {
  await scope.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(PIN);
}

/** What is wider than the screen: the page itself, or a table's box. */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const found = root.scrollWidth > root.clientWidth ? [`page ${root.scrollWidth}`] : [];
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth) found.push(`table in ${box.clientWidth}`);
    }
    return found;
  });

/** The secret shown after create or rotate: read it, then confirm it was copied. */
async function keepSecret(page: Page, card: Locator) {
  const reveal = card.getByTestId('api-secret-reveal');
  await expect(reveal).toContainText('it is not shown again');
  const secret = (await reveal.getByTestId('revealed-api-secret').textContent())!.trim();
  expect(secret).toMatch(/^[a-z0-9]{32}$/);
  const done = reveal.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await reveal.getByLabel('I have copied the secret somewhere safe').check();
  await done.click();
  await expect(reveal).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  return secret;
}

/** Operations open the client in the console and disable the app; answers the console tab. */
async function disableInConsole(browser: Browser, client: TClient, appName: string, run: string) {
  const email = await createOps(run);
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signInFirstTime(desk, email, STAFF_PASSWORD);
  await desk.goto(`${CONSOLE}/clients?q=${client.mobile}`);
  await desk.getByRole('row').filter({ hasText: client.mobile }).getByRole('link').click();
  const card = desk.getByTestId('client-api-apps');
  const row = card.getByTestId('client-api-app').filter({ hasText: appName });
  await expect(row.getByTestId('api-app-state')).toHaveText('Enabled');
  expect(await violations(desk, '[data-testid="client-api-apps"]')).toEqual([]);
  await row.getByRole('button', { name: `Disable ${appName}` }).click();
  await desk.getByTestId('api-app-confirm').click();
  await expect(toast(desk, CONNECT_CONSOLE_DONE.changed)).toBeVisible();
  await expect(row.getByTestId('api-app-state')).toHaveText('Disabled');
  await screenshot(desk, 'console-api-apps');
  await context.close();
}

test('[CLIENT][CONSOLE][API-APPS]: create an app with the PIN, the secret once, rotate it, staff disable it, delete it', async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const run = runId(info.project.name);
  const client = await approvedClient(request);
  await setPin(request, await clientToken(request, client), client.password);
  await signIn(page, client);

  // From Me's tabs to the screen; with no app it explains what one is.
  await page.goto('/me/profile');
  await page.getByRole('tab', { name: 'Developer apps' }).click();
  await expect(page).toHaveURL(/\/me\/apps$/);
  await expect(page.getByTestId('api-apps-empty')).toContainText(
    'An API app is a key and a secret',
  );
  await expect(page.getByText(/\/connect$/).first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await screenshot(page, 'developer-apps-empty');

  // Create: the settings, two addresses, then the PIN.
  const name = `Alerts bridge ${run}`.slice(0, 60);
  await page.getByRole('button', { name: 'Create app' }).click();
  const form = page.getByRole('form', { name: 'New API app' });
  await form.getByLabel(/App name/).fill(name);
  await form.getByLabel(/Redirect URL/).fill('https://bridge.example/callback');
  await form.getByLabel(/Postback URL/).fill('https://bridge.example/postback');
  await form.getByRole('textbox', { name: 'IP address 1' }).fill('203.0.113.7');
  await form.getByRole('button', { name: 'Add address' }).click();
  await form.getByRole('textbox', { name: 'IP address 2' }).fill('2001:db8::1');
  await typePin(page, form, 'api-app-pin');
  await screenshot(page, 'developer-apps-create');
  await form.getByRole('button', { name: 'Create app' }).click();
  await expect(
    toast(page, 'API app created. Copy the secret now: it is not shown again.'),
  ).toBeVisible();

  const card = page.getByRole('article', { name });
  const apiKey = (await card.getByTestId('api-app-key').textContent())!.trim();
  expect(apiKey).toMatch(/^[a-z0-9]{16}$/);
  await expect(card.getByTestId('revealed-api-key')).toHaveText(apiKey);
  expect(await violations(page)).toEqual([]);
  await screenshot(page, 'developer-apps-secret');
  const first = await keepSecret(page, card);

  // Listed with its settings and a zoned creation time; the secret is in no answer now.
  await expect(card).toContainText('203.0.113.7, 2001:db8::1');
  await expect(card).toContainText('https://bridge.example/postback');
  await expect(card).toContainText(ZONED_TIME);
  await expect(card.getByTestId('api-app-state')).toHaveText('Enabled');
  await page.reload();
  await expect(card).toBeVisible();
  expect(await page.content()).not.toContain(first);

  // Rotate: the PIN again, a new secret shown once.
  await card.getByRole('button', { name: `Rotate secret: ${name}` }).click();
  const rotate = page.getByRole('dialog', { name: `Rotate the secret of ${name}` });
  await typePin(page, rotate, 'rotate-pin');
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(toast(page, 'New secret issued. Copy it now: it is not shown again.')).toBeVisible();
  await expect(rotate).toHaveCount(0);
  expect(await keepSecret(page, card)).not.toBe(first);

  // The delivery log: no order placed through the app yet.
  await card.getByRole('button', { name: 'Delivery log' }).click();
  await expect(card.getByTestId('postback-log')).toContainText('No postbacks yet');
  if (info.project.name === 'phone') await expect.poll(() => overflows(page)).toEqual([]);
  await screenshot(page, 'developer-apps-list');

  // Operations disable it in the console; the client sees it disabled.
  await disableInConsole(browser, client, name, run);
  await page.reload();
  await expect(card.getByTestId('api-app-state')).toHaveText('Disabled');
  await expect(card.getByTestId('api-app-disabled')).toContainText('Our staff disabled this app');
  await screenshot(page, 'developer-apps-disabled');

  // Delete, after a confirmation.
  await card.getByRole('button', { name: `Delete: ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'API app deleted.')).toBeVisible();
  await expect(page.getByTestId('api-apps-empty')).toBeVisible();
  await expect(card).toHaveCount(0);
});

/** Two-step verification on through the API, the code computed as an authenticator app would. */
async function turnOnTotp(request: APIRequestContext, client: TClient) {
  const headers = { Authorization: `Bearer ${await clientToken(request, client)}` };
  const enrol = await request.post('/client/app/v1/totp/enrol', {
    headers,
    data: { password: md5(client.password) },
  });
  const { secret } = (await enrol.json()).data as { secret: string };
  const confirm = await request.post('/client/app/v1/totp/confirm', {
    headers,
    data: { code: authenticator.generate(secret) },
  });
  const body = await confirm.json();
  expect(body.data?.recovery_codes, JSON.stringify(body)).toHaveLength(10);
  return body.data.recovery_codes as string[];
}

test('[CLIENT][API-APPS][2FA]: with two-step verification on, create and rotate ask a code, not the PIN', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const run = runId(info.project.name);
  const client = await approvedClient(request);
  // Signed in first: this browser's session outlives turning 2FA on, as a session does.
  await signIn(page, client);
  // Recovery codes stand in for the phone's codes: each is good once, whenever it is typed.
  const [first, second] = await turnOnTotp(request, client);

  await page.goto('/me/apps');
  await page.getByRole('button', { name: 'Create app' }).click();
  const form = page.getByRole('form', { name: 'New API app' });
  const name = `Sheet ${run}`.slice(0, 60);
  await form.getByLabel(/App name/).fill(name);
  await form.getByLabel(/Redirect URL/).fill('https://sheet.example/cb');
  await form.getByRole('textbox', { name: 'IP address 1' }).fill('198.51.100.4');
  const code = form.getByRole('textbox', { name: /Authenticator code to create the app/ });
  await code.fill(first!);
  await expect(form.getByTestId('api-app-pin')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await screenshot(page, 'developer-apps-create-2fa');
  await form.getByRole('button', { name: 'Create app' }).click();
  await expect(
    toast(page, 'API app created. Copy the secret now: it is not shown again.'),
  ).toBeVisible();
  const card = page.getByRole('article', { name });
  const secret = await keepSecret(page, card);

  // Rotate: the used code is refused under the field, a fresh one issues the new secret.
  await card.getByRole('button', { name: `Rotate secret: ${name}` }).click();
  const rotate = page.getByRole('dialog', { name: `Rotate the secret of ${name}` });
  const rotateCode = rotate.getByRole('textbox', { name: /Authenticator code to rotate/ });
  await rotateCode.fill(first!);
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(rotate.getByRole('alert')).toHaveText(TwoFactorMessage.badCode);
  await rotateCode.fill(second!);
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(toast(page, 'New secret issued. Copy it now: it is not shown again.')).toBeVisible();
  expect(await keepSecret(page, card)).not.toBe(secret);
});
