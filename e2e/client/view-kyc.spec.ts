import { approvedClient, drawerItem, expect, screenshot, signIn, test } from './fixtures';

test('[CLIENT][KYC]: a client reads back the submitted KYC record', async ({ page, request }) => {
  const client = await approvedClient(request);
  await signIn(page, client);
  await drawerItem(page, 'Profile', 'View KYC');
  const dialog = page.getByRole('dialog', { name: 'View KYC' });

  const table = dialog.getByTestId('kyc-table');
  await expect(table).toContainText(client.name);
  await expect(table).toContainText(/X{6}\d{3}[A-Z]/);
  for (const label of ['Full Name', 'ID Number', 'Mobile', 'Submitted On', 'Approved On']) {
    await expect(table).toContainText(label);
  }
  for (const side of ['ID Front', 'ID Back']) {
    const image = dialog.getByRole('img', { name: side });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(dialog.getByText('Confidentiality Notice')).toBeVisible();
  await screenshot(page, 'view-kyc');
});
