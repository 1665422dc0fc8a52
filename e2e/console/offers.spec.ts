import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createStaff } from '../support/cli';
import { CONSOLE, signInFirstTime } from './support';

const PASSWORD = 'Console-e2e-2026';

/** A banner-like PNG well over the 200 px the server asks for. */
const banner = () =>
  sharp({ create: { width: 900, height: 400, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

test('[CONSOLE][OFFERS]: operations publish an offer with a picture; a renamed text file is refused by content; the picture is removed', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const email = `offers-ops-${run}@firm.test`;
  const title = `Festive brokerage back (${run})`;
  await createStaff(email, 'operations', PASSWORD);
  await signInFirstTime(page, email, PASSWORD);
  await page.goto(`${CONSOLE}/offers`);
  await page.getByTestId('offer-new').click();
  const dialog = page.getByRole('dialog', { name: 'New offer' });

  // The shared schema's messages before anything is sent.
  await dialog.getByTestId('offer-save').click();
  await expect(dialog.getByText('Enter a title.')).toBeVisible();

  await dialog.getByTestId('offer-title').fill(title);
  await dialog.getByTestId('offer-body').fill('A share of your brokerage back in cash.');
  await dialog.getByTestId('offer-amount').fill('100');
  await dialog.getByTestId('offer-budget').fill('10000');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await banner(),
  });
  await expect(dialog.getByRole('img', { name: 'Offer image preview' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await dialog.getByTestId('offer-save').click();
  await expect(dialog).toBeHidden();

  // Saved, then uploaded: the card shows the server's re-encoded JPEG.
  const card = page.getByTestId('offer-row').filter({ hasText: title });
  await expect(card.locator('img')).toHaveAttribute('src', /^\/files\/offers\/[0-9a-f-]{36}\.jpg$/);
  const stored = await card.locator('img').getAttribute('src');
  const served = await page.request.get(stored!);
  expect(served.headers()['content-type']).toBe('image/jpeg');

  // A text file named and typed as PNG passes the browser; the server judges the content.
  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit offer' });
  await editor.locator('input[type=file]').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not an image at all'),
  });
  await expect(editor.getByTestId('image-error')).toHaveText('Only image files are allowed.');
  await expect(editor.getByRole('img', { name: 'Offer image preview' })).toHaveAttribute(
    'src',
    stored!,
  );

  await editor.getByRole('button', { name: 'Remove' }).click();
  await expect(
    editor.getByText('No image. Clients see the offer without a picture.'),
  ).toBeVisible();
  expect((await page.request.get(stored!)).status()).toBe(404);
  await page.keyboard.press('Escape');
  await expect(card.locator('img')).toHaveCount(0);
});
