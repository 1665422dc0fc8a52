import { M } from '@sampada/shared';
import { approvedClient, drawerItem, expect, screenshot, signIn, test, toast } from './fixtures';

test('[CLIENT][PASSWORD]: changing the password signs the client out everywhere', async ({
  page,
  request,
}) => {
  const client = await approvedClient(request);
  await signIn(page, client, { remember: true });
  await drawerItem(page, 'Security', 'Change Password');
  const dialog = page.getByRole('dialog', { name: 'Change Password' });

  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText(M.currentPasswordRequired)).toBeVisible();
  await expect(dialog.getByText(M.newPasswordRequired)).toBeVisible();
  await expect(dialog.getByText(M.confirmYourPassword)).toBeVisible();

  await dialog.getByLabel('Current password', { exact: true }).fill(client.password);
  await dialog.getByLabel('New password', { exact: true }).fill('brand-new-1');
  await dialog.getByLabel('Confirm new password').fill('brand-new-1');
  await screenshot(page, 'change-password');
  await dialog.getByRole('button', { name: 'Change Password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, M.passwordChanged)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sampada.auth'))).toBeNull();

  // The old password no longer works; the new one does.
  await page.getByLabel('Mobile number').fill(client.mobile);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Incorrect mobile number or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, { ...client, password: 'brand-new-1' });
});
