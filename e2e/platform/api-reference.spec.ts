import { expect, test } from '@playwright/test';

test('[PLATFORM][DOCS]: the OpenAPI document lists the identity calls', async ({ page }) => {
  await page.goto('/docs/json');
  await expect(page.locator('body')).toContainText('/auth/app/v1/login');
  await expect(page.locator('body')).toContainText('/identify/app/v1/detail');
});

test('[PLATFORM][HEALTH]: the server answers health with the envelope', async ({ request }) => {
  const reply = await request.get('/healthz');
  expect(reply.status()).toBe(200);
  expect(await reply.json()).toMatchObject({
    code: 200,
    data: { status: 'ok', database: 'embedded' },
  });
});
