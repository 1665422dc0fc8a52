import { approvedClient, drawerItem, expect, screenshot, signIn, test } from './fixtures';

test('[CLIENT][SESSION]: a request made while offline leads to /error', async ({
  page,
  context,
  request,
}) => {
  const client = await approvedClient(request);
  await signIn(page, client);
  // Load the View KYC screen once while online, then close it.
  await drawerItem(page, 'Profile', 'View KYC');
  const dialog = page.getByRole('dialog', { name: 'View KYC' });
  await expect(dialog.getByTestId('kyc-table')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await context.setOffline(true);
  // Opening the drawer may itself ask the server (unread chat, VIP and score): whichever
  // request goes first while offline leads to /error; otherwise View KYC's does.
  // A request the drawer's opening made may also fail while View KYC is being clicked (the
  // page then leaves for /error under the click), so reaching /error ends the race at any step.
  await page.getByTestId('user-avatar').click();
  const drawer = page.getByRole('dialog', { name: 'My account' });
  const reachedError = page.waitForURL(/\/error$/);
  const openViewKyc = async () => {
    await drawer.getByText('Profile', { exact: true }).click();
    await drawer.getByText('View KYC', { exact: true }).click();
  };
  await Promise.race([reachedError, openViewKyc().catch(() => reachedError)]);
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await screenshot(page, 'offline');

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Still offline. Check your connection and try again.')).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).not.toHaveURL(/\/error$/);
});
