import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { md5 } from '@sampada/shared';
import { authenticator } from 'otplib';
import { CONSOLE, signInFirstTime } from './support';
import { picture } from '../support/pictures';

const DEMO_CLIENT = { mobile: '9876543210', password: 'demo1234' };
const OPS = { email: 'ops@sampada.in', password: 'Sampada@2026' };
const STEP_MS = 30_000;

const shot = (page: Page, name: string) => picture(page, `${name}.png`, { fullPage: true });

/**
 * The demo operations member enrols TOTP on the first sign-in of a run (the e2e database is
 * fresh each run); the secret is kept in the run's output folder for the next project, which
 * signs in with a code from a later 30-second step (a used step is refused as a replay).
 */
async function signInOps(page: Page) {
  const file = path.join(test.info().project.outputDir, 'ops-totp.json');
  if (!existsSync(file)) {
    const secret = await signInFirstTime(page, OPS.email, OPS.password);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ secret, step: Math.floor(Date.now() / STEP_MS) }));
    return;
  }
  const { secret, step } = JSON.parse(readFileSync(file, 'utf8')) as {
    secret: string;
    step: number;
  };
  const wait = (step + 1) * STEP_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 500);
  await page.goto(`${CONSOLE}/sign-in`);
  await page.getByLabel('Email').fill(OPS.email);
  await page.getByLabel('Password', { exact: true }).fill(OPS.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  writeFileSync(file, JSON.stringify({ secret, step: Math.floor(Date.now() / STEP_MS) }));
}

test('[CONSOLE][FUNDS]: a client requests a deposit, operations confirm it, the ledger reconciles', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);

  // The demo client (KYC approved) requests a deposit over the client API.
  const login = await request.post('/auth/app/v1/login', {
    data: { username: `+91${DEMO_CLIENT.mobile}`, password: md5(DEMO_CLIENT.password) },
  });
  expect(login.status()).toBe(200);
  const token = (await login.json()).data.access_token as string;
  const utr = `${Date.now()}`.slice(-12).padStart(12, '7');
  const deposit = await request.post('/funds/app/v1/deposits', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { amount: '25000.50', method: 'IMPS', utr },
  });
  const body = await deposit.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  expect(body.data).toMatchObject({ status: 'pending', amount_paise: 2500050, utr });

  // Operations sign in, see the queue count on the dashboard and open the deposits queue.
  await signInOps(page);
  const card = page.getByTestId('queue-deposits_pending');
  await expect(card).toBeVisible();
  await shot(page, '01-ops-dashboard');
  await card.click();
  await expect(page).toHaveURL(/\/console\/funds\/deposits$/);
  const row = page.getByTestId('deposit-row').filter({ hasText: utr });
  await expect(row).toContainText('₹25,000.50');
  await expect(row).toContainText('IMPS');
  await shot(page, '02-deposits-queue');

  // Confirm and credit.
  await row.getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm deposit' });
  await expect(dialog).toContainText(utr);
  await dialog.getByRole('button', { name: 'Confirm and credit' }).click();
  await expect(page.getByText('Deposit confirmed and credited.')).toBeVisible();
  await expect(page.getByTestId('deposit-row').filter({ hasText: utr })).toHaveCount(0);

  // The reconciliation reports OK.
  if (test.info().project.name === 'phone') await page.goto(`${CONSOLE}/funds/reconciliation`);
  else await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByTestId('reconciliation-result')).toContainText('OK');
  await expect(page.getByTestId('firm-account').filter({ hasText: 'Bank clearing' })).toContainText(
    '-₹',
  );
  await shot(page, '03-reconciliation-ok');
});
