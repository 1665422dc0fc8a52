import { expect, test } from '@playwright/test';

test('[PLATFORM][DOCS]: the API reference lists the identity calls', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByText('Sampada API').first()).toBeVisible();
  await expect(page.getByText('/auth/app/v1/login').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-reference.png'), fullPage: false });
});

test('[PLATFORM][HEALTH]: the server answers health with the envelope', async ({ request }) => {
  const reply = await request.get('/healthz');
  expect(reply.status()).toBe(200);
  expect(await reply.json()).toMatchObject({
    code: 200,
    data: { status: 'ok', database: 'pglite' },
  });
});
