/**
 * The console's loan queue and loan page at 1440×900 and 375 px (issue 33): the days-past-due buckets
 * with their counts, due-now and overdue columns on disbursed loans, and the demo loan's page
 * with each instalment's state and the loan's ledger postings.
 */
import { expect, test } from '@playwright/test';
import { violations } from '../support/axe';
import { createStaff } from '../support/cli';
import { runId, STAFF_PASSWORD } from '../support/trading';
import { CONSOLE, signInFirstTime } from './support';
import { picture } from '../support/pictures';

test('[CONSOLE][CREDIT]: an officer filters disbursed loans by DPD bucket and reads a loan’s schedule states and ledger postings', async ({
  page,
}, testInfo) => {
  const email = `ops-loans-${runId(testInfo.project.name)}@firm.test`.toLowerCase();
  await createStaff(email, 'operations', STAFF_PASSWORD);
  await signInFirstTime(page, email, STAFF_PASSWORD);

  await page.goto(`${CONSOLE}/credit/loans?status=disbursed`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  const filter = page.getByTestId('loan-bucket-filter');
  // Each bucket shows its count once the counts arrive; the demo loan is in one of them.
  for (const b of ['current', 'sma_0', 'sma_1', 'sma_2', 'npa'])
    await expect(filter.getByTestId(`bucket-count-${b}`)).toHaveText(/^\d+$/);
  const row = page.getByTestId('loan-row').first();
  await expect(row.getByTestId('loan-due-now')).toHaveText(/^₹[\d,]+\.\d{2}$/);
  await expect(row.getByTestId('loan-overdue')).toHaveText(/^₹[\d,]+\.\d{2}$/);
  await expect(page.getByRole('columnheader', { name: 'Due now' })).toBeVisible();

  // The row's bucket, picked in the filter: the address holds it and the row stays listed.
  const bucket = await row.getByTestId('loan-dpd').getAttribute('data-bucket');
  await filter.getByTestId(`bucket-${bucket}`).click();
  await expect(page).toHaveURL(new RegExp(`[?&]bucket=${bucket}`));
  await expect(page.getByText(/^Disbursed loans: .+ \(.+\), newest first$/)).toBeVisible();
  await expect(page.getByTestId('loan-row').first()).toBeVisible();
  await picture(page, 'console-loan-queue.png', { fullPage: true });
  expect(await violations(page)).toEqual([]);
  // The six segments scroll within the screen's width rather than widen the page (a phone).
  const box = (await page.getByTestId('loan-bucket-scroll').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  await page.getByTestId('loan-row').first().getByTestId('loan-open').click();
  await expect(page.getByTestId('console-loan')).toBeVisible();
  const schedule = page.getByTestId('loan-schedule');
  await expect(schedule.getByTestId('instalment-row').first()).toBeVisible();
  await expect(schedule.getByTestId('instalment-state').first()).toHaveText(
    /^(Paid|Due today|Overdue · \d+ days|Upcoming)$/,
  );
  await schedule.scrollIntoViewIfNeeded();
  await picture(page, 'console-loan-schedule.png');
  const postings = page.getByTestId('loan-postings');
  await expect(postings.getByRole('heading', { name: 'Ledger postings' })).toBeVisible();
  await expect(postings.getByTestId('loan-posting').first()).toContainText('IST');
  // Newest first, a page at a time: the disbursal is the oldest, reached by Load more.
  const rows = postings.getByTestId('loan-posting');
  while ((await postings.getByText('Loan disbursal').count()) === 0) {
    const before = await rows.count();
    await postings.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).not.toHaveCount(before);
  }
  await expect(postings.getByText('Loan disbursal')).toBeVisible();
  await postings.scrollIntoViewIfNeeded();
  await picture(page, 'console-loan-postings.png');
  expect(await violations(page)).toEqual([]);
});
