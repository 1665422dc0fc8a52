import { M } from '@sampada/shared';
import { sampada, freshMobile } from '../support/cli';
import {
  expect,
  idImage,
  inviteCode,
  openLogin,
  randomPan,
  screenshot,
  test,
  toast,
} from './fixtures';

test('[CLIENT][KYC]: a new client signs up with an advisor code, passes KYC and reaches the dashboard once approved', async ({
  page,
}) => {
  const mobile = freshMobile();
  const code = await inviteCode();

  await openLogin(page);
  await expect(page).toHaveTitle('Sampada | Sign in');
  await screenshot(page, 'login');

  // Sign-up: every message of spec §5 first, then a good form.
  await page.getByRole('button', { name: 'Sign up your account now!' }).click();
  const signUp = page.getByRole('dialog', { name: 'Create your account' });
  await signUp.getByRole('button', { name: 'Sign up' }).click();
  await expect(signUp.getByText(M.mobileRequired)).toBeVisible();
  await expect(signUp.getByText(M.inviteCodeRequired)).toBeVisible();
  await signUp.getByLabel('Mobile number').fill(mobile);
  await signUp.getByLabel('Password', { exact: true }).fill('kavya123');
  await signUp.getByLabel('Confirm password').fill('kavya123');
  await signUp.getByLabel('Invitation code').fill(code);
  await screenshot(page, 'sign-up');
  await signUp.getByRole('button', { name: 'Sign up' }).click();
  await expect(toast(page, M.registrationSucceeded)).toBeVisible();

  // KYC step 0: agreement.
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(page).toHaveTitle('Sampada | Identity Verification');
  const agree = page.getByRole('button', { name: 'Agree and Continue' });
  await expect(agree).toBeDisabled();
  await expect(page.getByTestId('agreement-scroll-hint')).toBeVisible();
  await screenshot(page, 'kyc-agreement');
  await page.getByTestId('agreement-text').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.getByTestId('agreement-scroll-hint')).toBeHidden();
  await page.getByLabel('I have read and agree to the KYC Agreement').check();
  await agree.click();

  // Step 1: base info.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(M.fullNameRequired)).toBeVisible();
  await page.getByLabel('Full name (as on your ID)').fill('Kavya Iyer');
  // The date of birth's calendar closes once a day is picked, on Escape and once a date is
  // typed: it never stays open over the form (issue 31).
  const dob = page.getByLabel('Date of birth');
  const calendar = page.locator('[data-dates-dropdown]');
  await dob.click();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await dob.click();
  // The 15th of the month the calendar opens on (January, twelve years before an adult's).
  await calendar.getByRole('button', { name: /^15 January \d{4}$/ }).click();
  await expect(calendar).toBeHidden();
  await expect(dob).toHaveValue(/^15\/01\/\d{4}$/);
  await dob.fill('1992-03-14');
  await expect(calendar).toBeHidden();
  await screenshot(page, 'kyc-base-info');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: ID number and both sides.
  await page.getByLabel('PAN or Aadhaar number').fill(randomPan());
  const files = page.locator('input[type="file"]');
  await files
    .nth(0)
    .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await idImage('FRONT') });
  await expect(toast(page, M.uploadedFront)).toBeVisible();
  await files
    .nth(1)
    .setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await idImage('BACK') });
  await expect(toast(page, M.uploadedBack)).toBeVisible();
  await screenshot(page, 'kyc-id-upload');
  await page.getByRole('button', { name: 'Submit' }).click();

  // Step 3: pending.
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByText(M.kycPendingTitle)).toBeVisible();
  await expect(page.getByText(M.kycPendingText)).toBeVisible();
  await screenshot(page, 'kyc-pending');

  // A pending client who reloads lands on Status again, and cannot reach the app.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(page.getByText(M.kycPendingTitle)).toBeVisible();

  // The advisor approves from the CLI; the client checks and goes to the dashboard.
  await sampada('kyc', 'approve', '--mobile', mobile);
  await page.getByRole('button', { name: 'Check status' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expect(page).toHaveTitle('Sampada | Home');
  await screenshot(page, 'dashboard');

  // An approved client who opens /kyc goes back to the app.
  await page.goto('/kyc');
  await expect(page).toHaveURL(/\/dashboard$/);
});
