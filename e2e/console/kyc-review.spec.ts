import { expect, type Page, test } from '@playwright/test';
import { md5 } from '@sampada/shared';
import { freshMobile, createStaff } from '../support/cli';
import { CONSOLE, signInFirstTime, signOut } from './support';
import { picture } from '../support/pictures';

const PASSWORD = 'Console-e2e-2026';
const CLIENT_PASSWORD = 'secret123';

const shot = (page: Page, name: string) => picture(page, `${name}.png`, { fullPage: true });

test('[CONSOLE][KYC]: admin adds an advisor, the advisor invites a client, reviews KYC twice, the client reaches the dashboard', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const adminEmail = `admin-${run}@firm.test`;
  const advisorEmail = `advisor-${run}@firm.test`;
  await createStaff(adminEmail, 'admin', PASSWORD);

  // The admin's first sign-in enrols TOTP, then they add an advisor.
  await signInFirstTime(page, adminEmail, PASSWORD);
  await shot(page, '01-admin-dashboard');
  await page.goto(`${CONSOLE}/staff`);
  await page.getByRole('button', { name: 'Add staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff' });
  await dialog.getByLabel('Email').fill(advisorEmail);
  await dialog.getByLabel('Name').fill('Priya Advisor');
  await expect(dialog.getByRole('checkbox', { name: 'advisor' })).toBeChecked();
  await dialog.getByLabel('Initial password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create' }).click();
  const advisorRow = page.getByTestId('staff-row').filter({ hasText: advisorEmail });
  await expect(advisorRow).toContainText('advisor');
  await expect(advisorRow).toContainText('Not set up');
  await shot(page, '02-admin-staff');
  await signOut(page);

  // The advisor signs in (enrolling their own authenticator) and creates an invitation code.
  await signInFirstTime(page, advisorEmail, PASSWORD);
  await page.goto(`${CONSOLE}/invites`);
  await page.getByRole('button', { name: 'New code' }).click();
  await page
    .getByRole('dialog', { name: 'New invitation code' })
    .getByRole('button', { name: 'Create code' })
    .click();
  const invite = (await page.getByTestId('new-invite-code').textContent())!.trim();
  expect(invite).toMatch(/^[A-Z0-9]{8}$/);
  await expect(page.getByTestId('invite-row').filter({ hasText: invite })).toContainText('active');
  await shot(page, '03-advisor-invite');

  // The client signs up with the code in the client app.
  const mobile = freshMobile();
  const client = await page.context().newPage();
  await client.goto('/login');
  // The sign-in screen's static copy from the HTML is inert until the app replaces it.
  await expect(client.locator('[data-prerendered]')).toHaveCount(0);
  await client.getByRole('button', { name: 'Sign up your account now!' }).click();
  const register = client.getByRole('form', { name: 'Create your account' });
  await register.getByLabel('Mobile number').fill(mobile);
  await register.getByLabel('Password', { exact: true }).fill(CLIENT_PASSWORD);
  await register.getByLabel('Confirm password').fill(CLIENT_PASSWORD);
  await register.getByLabel('Invitation code').fill(invite);
  await register.getByRole('button', { name: 'Sign up' }).click();
  await expect(client).toHaveURL(/\/(kyc|dashboard)/);
  await picture(client, '04-client-signed-up.png');

  // KYC is submitted over the client API (the client app's KYC wizard has its own specs).
  const login = await request.post('/auth/app/v1/login', {
    data: { username: `+91${mobile}`, password: md5(CLIENT_PASSWORD) },
  });
  expect(login.status()).toBe(200);
  const token = (await login.json()).data.access_token as string;
  const submitKyc = async (fullName: string) => {
    const image = await client.screenshot();
    const upload = async () => {
      const reply = await request.post('/client/app/v1/image', {
        headers: { Authorization: `Bearer ${token}` },
        multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: image } },
      });
      expect(reply.status()).toBe(200);
      return (await reply.json()).data.url as string;
    };
    const reply = await request.post('/identify/app/v1', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        full_name: fullName,
        dob: '1991-07-14',
        id_no: 'ABCPI1234F',
        id_front_url: await upload(),
        id_back_url: await upload(),
      },
    });
    expect(reply.status()).toBe(200);
  };
  await submitKyc('Kavya Menon');

  // The advisor finds it in the queue and rejects it with a reason.
  await page.bringToFront();
  await page.goto(`${CONSOLE}/kyc`);
  const row = page.getByTestId('kyc-queue-row').filter({ hasText: `+91${mobile}` });
  await expect(row).toContainText('Kavya Menon');
  await shot(page, '05-kyc-queue');
  await row.getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('img', { name: 'ID front' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'ID back' })).toBeVisible();
  await expect(page.getByText('ABCPI1234F')).toBeVisible();
  await shot(page, '06-kyc-review');
  await page.getByRole('button', { name: 'Reject…' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject KYC' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('A reason is required.')).toBeVisible();
  await reject
    .getByLabel('Reason')
    .fill('The photo of the PAN card is blurred. Please upload a sharper photo.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByTestId('client-kyc-status')).toHaveText('rejected');
  await shot(page, '07-kyc-rejected');

  // The client sees the rejected status.
  const detail = await request.get('/identify/app/v1/detail', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await detail.json()).data).toMatchObject({ status: 'rejected' });
  await client.goto('/kyc');
  await expect(client.getByText('Verification Rejected')).toBeVisible();
  await picture(client, '08-client-sees-rejected.png');

  // The advisor reopens; the client submits again; the advisor approves.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByTestId('client-kyc-status')).toHaveText('unverified');
  await submitKyc('Kavya R Menon');
  await page.reload();
  await expect(page.getByTestId('client-kyc-status')).toHaveText('pending');
  await expect(page.getByText('Kavya R Menon').first()).toBeVisible();
  await page.getByTestId('kyc-approve').click();
  // Approval asks first (issue 31).
  await expect(page.getByRole('dialog', { name: 'Approve KYC' })).toBeVisible();
  await page.getByTestId('kyc-approve-confirm').click();
  await expect(page.getByTestId('client-kyc-status')).toHaveText('approved');
  await shot(page, '09-kyc-approved');

  // The approved client signs in to the client app and lands on the dashboard.
  await client.bringToFront();
  await client.goto('/dashboard');
  await expect(client).toHaveURL(/\/dashboard/);
  await picture(client, '10-client-dashboard.png');
});
