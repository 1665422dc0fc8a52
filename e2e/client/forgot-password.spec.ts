import { M } from '@sampada/shared';
import { sampada } from '../support/cli';
import { approvedClient, expect, openLogin, screenshot, signIn, test, toast } from './fixtures';

test('[CLIENT][AUTH]: a client resets a forgotten password with the code from the advisor', async ({
  page,
  request,
}) => {
  const client = await approvedClient(request);
  await openLogin(page);
  await page.getByRole('button', { name: "I forgot password or can't sign in" }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });

  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(dialog.getByText(M.mobileInvalid)).toBeVisible();
  await expect(dialog.getByText(M.verificationCodeRequired)).toBeVisible();

  await dialog.getByLabel('Mobile number').fill(client.mobile);
  await dialog.getByLabel('Verification code').fill('000000');
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(toast(page, M.resetVerifyFailed)).toBeVisible();

  const code = (await sampada('reset-code', '--mobile', client.mobile)).split(/\s+/).pop()!;
  await dialog.getByLabel('Verification code').fill(code);
  await screenshot(page, 'forgot-password-verify');
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();

  await dialog.getByLabel('New password', { exact: true }).fill('short');
  await dialog.getByLabel('Confirm new password').fill('other');
  await dialog.getByRole('button', { name: 'Reset password', exact: true }).click();
  await expect(dialog.getByText(M.newPasswordMin)).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill('fresh-pass-1');
  await dialog.getByLabel('Confirm new password').fill('fresh-pass-1');
  await screenshot(page, 'forgot-password-reset');
  await dialog.getByRole('button', { name: 'Reset password', exact: true }).click();
  await expect(toast(page, M.resetSucceeded)).toBeVisible();
  await expect(dialog).toBeHidden();

  await signIn(page, { ...client, password: 'fresh-pass-1' });
});
