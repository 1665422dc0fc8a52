import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { approvedClient, signIn } from '../client/fixtures';
import { createStaff } from '../support/cli';
import { CONSOLE, signInFirstTime } from './support';
import { picture } from '../support/pictures';

const PASSWORD = 'Console-e2e-2026';

const shot = (page: Page, name: string) => picture(page, `${name}.png`, { fullPage: true });

/** A chart-like PNG well over the 200 px the server asks for. */
const chartImage = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
      <rect width="1200" height="630" fill="#f5f8fc"/>
      <path d="M80,500 L300,420 L520,460 L740,300 L960,320 L1120,180" fill="none"
        stroke="#1c4e80" stroke-width="12"/>
    </svg>`),
  )
    .png()
    .toBuffer();

test('[CONSOLE][NEWS]: admin writes and publishes an article with an image, a client reads it in News', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const adminEmail = `news-admin-${run}@firm.test`;
  const title = `Banks steady the market (${run})`;
  await createStaff(adminEmail, 'admin', PASSWORD);

  // The admin writes the article, picks a picture (previewed before saving) and publishes.
  await signInFirstTime(page, adminEmail, PASSWORD);
  await page.goto(`${CONSOLE}/news`);
  await expect(page.getByTestId('news-row').first()).toBeVisible();
  await page.getByRole('link', { name: 'New article' }).click();
  await expect(page.getByRole('heading', { name: 'New article' })).toBeVisible();
  await page.getByLabel(/^Title/).fill(title);
  await page
    .getByLabel('Summary', { exact: true })
    .fill('Private lenders offset weakness in IT services.');
  await page
    .getByLabel('Body', { exact: true })
    .fill('Benchmarks ended little changed.\n\nPrivate banks found buyers through the day.');
  const symbols = page.getByRole('combobox', { name: 'Symbols' });
  await symbols.fill('hdfcbank');
  await symbols.press('Enter');
  await page.locator('input[type=file]').setInputFiles({
    name: 'chart.png',
    mimeType: 'image/png',
    buffer: await chartImage(),
  });
  await expect(page.getByRole('img', { name: 'Article image preview' })).toBeVisible();
  await shot(page, '01-console-editor');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/console\/news\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('article-status')).toContainText('Published');
  await expect(page.getByRole('img', { name: 'Article image preview' })).toHaveAttribute(
    'src',
    /^\/files\/news\/[0-9a-f-]{36}\.jpg$/,
  );
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await shot(page, '02-console-published');
  await page.goto(`${CONSOLE}/news`);
  await expect(page.getByTestId('news-row').filter({ hasText: title })).toContainText('Published');

  // A client opens News from the app and reads it.
  const client = await approvedClient(request);
  const reader = await page.context().newPage();
  await signIn(reader, client);
  await reader.goto('/news');
  const card = reader.getByTestId('news-card').filter({ hasText: title });
  await expect(card).toContainText('Sampada Research');
  await expect(card).toContainText('HDFCBANK');
  await expect(card.locator('img')).toBeVisible();
  await picture(reader, '03-client-news.png', { fullPage: true });
  await card.getByRole('link', { name: title }).click();

  const article = reader.getByTestId('news-article');
  await expect(article.getByRole('heading', { name: title })).toBeVisible();
  await expect(article.getByText('Private banks found buyers through the day.')).toBeVisible();
  await expect(article.getByRole('link', { name: 'News about HDFCBANK' })).toBeVisible();
  const articleImage = article.getByRole('img', { name: title });
  await expect
    .poll(() => articleImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await picture(reader, '04-client-article.png', { fullPage: true });

  // The picture opens in the image viewer, which zooms.
  await articleImage.click();
  const viewer = reader.getByRole('dialog', { name: title });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: /zoom in/i }).click();
  await expect(viewer.getByRole('img', { name: title })).toHaveAttribute('data-zoom', '1.25');
  await reader.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});
