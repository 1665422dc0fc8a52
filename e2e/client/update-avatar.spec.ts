import { M } from '@sampada/shared';
import {
  approvedClient,
  drawerItem,
  expect,
  idImage,
  screenshot,
  signIn,
  test,
  toast,
} from './fixtures';

test('[CLIENT][AVATAR]: a client crops and uploads a new avatar', async ({ page, request }) => {
  const client = await approvedClient(request);
  await signIn(page, client);
  await expect(page.getByTestId('user-avatar').locator('img')).toHaveCount(0);

  await drawerItem(page, 'Profile', 'Update Avatar');
  const dialog = page.getByRole('dialog', { name: 'Update Avatar' });
  await expect(dialog.getByTestId('avatar-caption')).toHaveText('Existing Avatar');
  const upload = dialog.getByRole('button', { name: 'Upload Avatar' });
  await expect(upload).toBeDisabled();

  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'holiday-photo.jpg',
    mimeType: 'image/jpeg',
    buffer: await idImage('AVATAR'),
  });
  await expect(dialog.getByTestId('avatar-file-name')).toHaveText('holiday-photo.jpg');
  await expect(dialog.getByTestId('avatar-cropper')).toBeVisible();
  await expect(dialog.getByTestId('avatar-caption')).toHaveText('Avatar Preview');
  await expect(upload).toBeEnabled();
  await screenshot(page, 'update-avatar');
  await upload.click();

  await expect(toast(page, M.avatarUploaded)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-avatar').locator('img')).toHaveAttribute(
    'src',
    /\/files\/avatars\/.+\.jpg/,
  );
});
