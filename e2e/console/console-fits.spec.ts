/**
 * The console at 1440×900 (issue 31): every menu item within reach, a level-one heading on
 * each page, no raw keys on screen, e-mails that read as e-mails and a favicon; a KYC row
 * that opens on a click anywhere, and times that say IST.
 */
import { expect, test } from '@playwright/test';
import { createStaff } from '../support/cli';
import { runId, STAFF_PASSWORD } from '../support/trading';
import { kycSubmittedClient } from '../client/fixtures';
import { CONSOLE, signInFirstTime } from './support';
import { picture } from '../support/pictures';

test('[CONSOLE][JOURNEY]: an admin at 1440×900 reaches Client menu, Settings and Audit log, each with an h1 and no raw keys', async ({
  page,
}, testInfo) => {
  const email = `admin-fits-${runId(testInfo.project.name)}@firm.test`.toLowerCase();
  await createStaff(email, 'admin', STAFF_PASSWORD);
  await signInFirstTime(page, email, STAFF_PASSWORD);

  // A favicon of its own.
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBeTruthy();
  expect((await page.request.get(new URL(icon!, page.url()).toString())).status()).toBe(200);

  // The dashboard names its queues in words.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText('loans_applied')).toHaveCount(0);
  await expect(page.getByTestId('queue-loans_applied')).toContainText('Loans to decide');

  // The last items of the sidebar are reached by scrolling it.
  const nav = page.getByRole('navigation');
  for (const [label, heading] of [
    ['Client menu', /menu/i],
    ['Settings', /settings/i],
    ['Audit log', /audit log/i],
  ] as const) {
    const link = nav.getByRole('link', { name: label, exact: true });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await expect(page).toHaveURL(new RegExp(`${CONSOLE}/audit`));

  // Who: the admin's e-mail on at most two lines, and the actor's type in words.
  const row = page.getByTestId('audit-row').filter({ hasText: email }).first();
  const who = row.locator('td').nth(1);
  const line = await who
    .locator('p')
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { height: el.getBoundingClientRect().height, line: parseFloat(style.lineHeight) };
    });
  expect(line.height).toBeLessThanOrEqual(line.line * 2 + 1);
  await expect(who).toContainText('Staff');
  await picture(page, 'console-audit.png');
});

test('[CONSOLE][JOURNEY]: a KYC queue row opens its review wherever it is clicked, and its time says IST', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const client = await kycSubmittedClient(request);
  const email = `admin-kyc-row-${runId(testInfo.project.name)}@firm.test`.toLowerCase();
  await createStaff(email, 'admin', STAFF_PASSWORD);
  await signInFirstTime(page, email, STAFF_PASSWORD);
  await page.goto(`${CONSOLE}/kyc`);

  // Oldest first: earlier runs' submissions may come before this one.
  const row = page.getByTestId('kyc-queue-row').filter({ hasText: client.mobile });
  const more = page.getByRole('button', { name: 'Load more' });
  await expect(row.or(more).first()).toBeVisible();
  while (!(await row.isVisible())) {
    await more.click();
    await expect(row.or(more).last()).toBeVisible();
  }
  // Every time staff read carries its zone (it read "4:09 pm" beside the client's UTC).
  await expect(row.locator('td').first()).toHaveText(
    /^\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST$/,
  );

  // The mobile number's cell (the third), not the Review link: the whole row opens the review.
  await row.locator('td').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`${CONSOLE}/kyc/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(client.name);
});
