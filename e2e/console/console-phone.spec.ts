/**
 * The console in the officer's hand and at a desk (issue 31): a complaint's Resolve is on
 * screen without scrolling the wide table sideways, the toast that follows lies over neither
 * the header (its burger on a phone) nor the page's heading, and a day is typed and read day
 * first, whatever the browser's locale.
 */
import { type Page } from '@playwright/test';
import { createStaff } from '../support/cli';
import { picture } from '../support/pictures';
import { approvedClient, expect, test } from '../client/fixtures';
import { clientCall, clientToken, createOps, runId, STAFF_PASSWORD } from '../support/trading';
import { expectNoSidewaysScroll, openFromMenu, signInFirstTime } from './support';

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes on the screen share any pixel. */
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const shot = (page: Page, name: string) => picture(page, `${name}.png`);

test('[CONSOLE][JOURNEY]: a complaint resolved from its row on screen; the toast covers neither the header nor the page’s heading and filter', async ({
  page,
  request,
}, testInfo) => {
  const run = runId(testInfo.project.name);
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  const subject = `Charged twice ${run}`;
  await clientCall(request, token, 'post', '/client/app/v1/grievances', {
    category: 'trading',
    subject,
    description: 'I was charged brokerage twice on one order.',
  });

  await signInFirstTime(page, await createOps(`${run}-phone`), STAFF_PASSWORD);
  await openFromMenu(page, 'Grievances');
  const heading = page.getByRole('heading', { level: 1, name: 'Grievances' });
  await expect(heading).toBeVisible();
  const row = page.getByTestId('grievance-row').filter({ hasText: subject });
  const resolve = row.getByRole('button', { name: 'Resolve' });
  // On screen as the page opens: not in a last column that only a sideways scroll reveals.
  await expect(resolve).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await shot(page, 'console-grievances');

  // What must stay usable while a toast shows: the header (on a phone its burger), the
  // page's heading and its Status filter. Measured now: they do not move.
  const keep = {
    header: await page.getByRole('banner').boundingBox(),
    heading: await heading.boundingBox(),
    filter: await page.getByRole('combobox', { name: 'Status' }).boundingBox(),
  };
  await resolve.click();
  const dialog = page.getByRole('dialog', { name: 'Resolve the complaint' });
  await dialog.getByLabel('Resolution').fill('The second charge was reversed to your ledger.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  // Read in the page the moment it shows: it closes by itself after 3 s, sooner than a
  // round trip on a busy machine.
  const shown = await page.waitForFunction((text) => {
    const toast = [...document.querySelectorAll('.mantine-Notification-root')].find((node) =>
      node.textContent?.includes(text),
    );
    const rect = toast?.getBoundingClientRect();
    return rect && rect.height > 0
      ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height }
      : null;
  }, 'The complaint is resolved; the client is told.');
  const box = (await shown.jsonValue()) as Box;
  for (const [name, other] of Object.entries(keep))
    expect(overlaps(box, other!), `the toast lies over the ${name}`).toBe(false);
  await shot(page, 'console-grievances-toast');
  await expect(dialog).toBeHidden();
});

test('[CONSOLE][JOURNEY]: the audit log’s days are typed and read day first, and its calendar picks one', async ({
  page,
}, testInfo) => {
  const email = `admin-days-${runId(testInfo.project.name)}@firm.test`.toLowerCase();
  await createStaff(email, 'admin', STAFF_PASSWORD);
  await signInFirstTime(page, email, STAFF_PASSWORD);
  await openFromMenu(page, 'Audit log');
  const from = page.getByLabel('From', { exact: true });
  // A day typed as staff write it (5/11 is 5 November, never May 11th) …
  await from.fill('05/11/2026');
  await expect(page).toHaveURL(/from=2026-11-05/);
  await from.press('Tab');
  // … reads back as a day, not as the browser locale's 11/05/2026.
  await expect(from).toHaveValue('5 Nov 2026');
  await expect(from).not.toHaveAttribute('type', 'date');
  // The calendar picks a day too, and the page reads it the same way.
  const to = page.getByLabel('To', { exact: true });
  await to.click();
  // It opens on this month, Monday first; the 15th of it.
  await page
    .getByRole('button', { name: /^15 [A-Z][a-z]+ \d{4}$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/to=\d{4}-\d\d-15/);
  await expect(to).toHaveValue(/^15 [A-Z][a-z]{2} \d{4}$/);
  await expectNoSidewaysScroll(page);
  await shot(page, 'console-audit-days');
});
