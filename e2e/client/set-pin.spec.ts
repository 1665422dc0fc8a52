import { M } from '@sampada/shared';
import {
  approvedClient,
  drawerItem,
  expect,
  openUserDrawer,
  screenshot,
  signIn,
  test,
  toast,
} from './fixtures';

test('[CLIENT][PIN]: a client sets a 6-digit PIN after confirming the password', async ({
  page,
  request,
}) => {
  const client = await approvedClient(request);
  await signIn(page, client);
  await drawerItem(page, 'Security', 'Set PIN');
  const dialog = page.getByRole('dialog', { name: 'Set PIN' });

  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(M.incorrectPassword)).toBeVisible();

  await dialog.getByLabel('Current password').fill(client.password);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Enter a 6-digit PIN')).toBeVisible();
  await screenshot(page, 'set-pin');
  const boxes = dialog.getByTestId('pin-input').locator('input');
  await boxes.first().click();
  await page.keyboard.type('482137');
  // The sixth digit submits on its own.
  await expect(toast(page, M.pinSet)).toBeVisible();
  // Below the 60 px row where the header's avatar and a drawer's title and close button sit.
  await expect
    .poll(async () => (await toast(page, M.pinSet).boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual(60);
  await expect(dialog).toBeHidden();

  const drawer = await openUserDrawer(page);
  await drawer.getByText('Security', { exact: true }).click();
  await expect(drawer.getByText('Change PIN', { exact: true })).toBeVisible();
  // Changing it opens a modal titled as the item says (it read "Set PIN", issue 31).
  await drawer.getByText('Change PIN', { exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Change PIN' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Set PIN' })).toHaveCount(0);
});
