/**
 * The console API's reference (issue 32): the public /docs documents the clients' APIs only;
 * signed-in staff of any role read the console's own, rendered by the server's Swagger UI, and
 * its "Try it out" reads with their own session.
 */
import { expect, test } from '@playwright/test';
import { createStaff } from '../support/cli';
import { runId, STAFF_PASSWORD } from '../support/trading';
import { CONSOLE, expectNoSidewaysScroll, openFromMenu, signInFirstTime } from './support';
import { picture } from '../support/pictures';

test('[CONSOLE][DOCS]: a support agent opens the console API reference and reads its own profile through it', async ({
  page,
}, testInfo) => {
  const email = `support-docs-${runId(testInfo.project.name)}@firm.test`.toLowerCase();
  await createStaff(email, 'support', STAFF_PASSWORD);
  await signInFirstTime(page, email, STAFF_PASSWORD);

  await openFromMenu(page, 'API reference');
  await expect(page).toHaveURL(new RegExp(`${CONSOLE}/api-reference`));
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();

  const reference = page.getByTestId('api-reference');
  const me = reference.locator('.opblock-get').filter({
    has: page.locator('[data-path="/console/api/v1/auth/me"]'),
  });
  await expect(me).toBeVisible();
  await expect(reference.locator('[data-path="/console/api/v1/dashboard"]').first()).toBeVisible();
  await expect(reference.locator('.opblock-post')).not.toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Reads go out with the staff session: the answer names the signed-in agent.
  await me.locator('.opblock-summary').click();
  await me.getByRole('button', { name: 'Try it out' }).click();
  await me.getByRole('button', { name: 'Execute' }).click();
  await expect(me.locator('.live-responses-table tbody .response-col_status').first()).toHaveText(
    '200',
  );
  await expect(me.locator('.live-responses-table .microlight').first()).toContainText(email);
  await picture(page, 'console-api-reference.png');
});
