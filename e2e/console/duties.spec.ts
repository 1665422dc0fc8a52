/**
 * A broker's duties in the console (issue 36), end to end at a desk (1440 px) and on a phone
 * (375 px, the sidebar behind the burger, wide tables scrolling in their cards): two clients buy
 * today, one with a verified e-mail address and one without; an operations officer starts the
 * day's contract-note run and watches the note go out, finds the message in the outbox, and
 * resolves a client's complaint with a note the client is e-mailed.
 */
import {
  addIstDays,
  asIstDay,
  dayText,
  GRIEVANCE_MSG,
  md5,
  type TGrievance,
} from '@sampada/shared';
import { type APIRequestContext, type Page } from '@playwright/test';
import { approvedClient, expect, screenshot, test, toast, type TClient } from '../client/fixtures';
import { violations } from '../support/axe';
import { codeMailedTo } from '../support/outbox';
import {
  clientCall,
  clientToken,
  consoleCall,
  createOps,
  fundClient,
  getOrder,
  istToday,
  PIN,
  runId,
  setPin,
  staffToken,
  STAFF_PASSWORD,
} from '../support/trading';
import { expectNoSidewaysScroll, openFromMenu as pick, signInFirstTime } from './support';

const formatDay = (isoDay: string) => dayText(isoDay);

/** A client who bought INFY today (₹24,000 at about ₹1,600, over the ₹19,000 minimum). */
async function buyerToday(request: APIRequestContext, opsToken: string) {
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);
  await fundClient(request, token, opsToken, 50_000);
  const order = await clientCall(request, token, 'post', '/trade/app/v1/orders', {
    type: 'market',
    symbol: 'INFY',
    side: 'buy',
    quantity: 15,
    pin: md5(PIN),
  });
  await expect
    .poll(async () => (await getOrder(request, token, order.id as string)).status, {
      timeout: 60_000,
    })
    .toBe('filled');
  return { client, token };
}

/** Verifies `address` with the code the outbox wrote, as the client would from their inbox. */
async function verifyEmail(request: APIRequestContext, token: string, address: string) {
  await clientCall(request, token, 'post', '/client/app/v1/email', { address });
  const code = await codeMailedTo(address);
  const state = await clientCall(request, token, 'post', '/client/app/v1/email/verify', { code });
  expect(state.verified_at).toBeTruthy();
}

const uidOf = async (request: APIRequestContext, opsToken: string, client: TClient) =>
  (await consoleCall(request, opsToken, 'get', `/clients?q=${client.mobile}`)).items[0]
    .uid as string;

async function openFromMenu(page: Page, label: string, heading: string) {
  await pick(page, label);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('[CONSOLE][DUTIES]: the day’s contract-note run, the outbox behind it, and a complaint resolved', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = runId(testInfo.project.name);
  const today = istToday();
  const funder = await staffToken(request, await createOps(`${run}-funder`));

  // Two buyers today: one has verified an e-mail address, the other has none.
  const mailed = await buyerToday(request, funder);
  const address = `duties.${run}@example.in`.toLowerCase();
  await verifyEmail(request, mailed.token, address);
  const unmailed = await buyerToday(request, funder);
  const unmailedUid = await uidOf(request, funder, unmailed.client);
  const subject = `Brokerage on ${run} looks wrong`;
  const complaint = (await clientCall(request, mailed.token, 'post', '/client/app/v1/grievances', {
    category: 'trading',
    subject,
    description: 'I was charged brokerage twice on one INFY order.',
  })) as TGrievance;

  const officer = await createOps(`${run}-duties`);
  await signInFirstTime(page, officer, STAFF_PASSWORD);

  // Contract notes: today's run, started by hand; the mailed client's note goes out, the other
  // is not sendable and is flagged at once.
  await openFromMenu(page, 'Contract notes', 'Contract notes');
  // Today is the default; another day is kept in the address, and today picked back.
  const dateInput = page.getByLabel('Trade date');
  // Day first, whatever the browser locale: 30 Nov 2026, not 11/30/2026.
  await expect(dateInput).toHaveValue(formatDay(today));
  const yesterday = addIstDays(asIstDay(today), -1);
  await dateInput.fill(yesterday);
  await expect(page).toHaveURL(new RegExp(`/console/mail/contract-notes\\?date=${yesterday}$`));
  await dateInput.fill(today);
  await expect(page).toHaveURL(new RegExp(`/console/mail/contract-notes\\?date=${today}$`));
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(toast(page, 'The day’s contract notes are queued.')).toBeVisible();
  const mailedRow = page.getByTestId('note-row').filter({ hasText: address });
  // The screen reads the run again while a note waits: no reload, the job sends within 10 s.
  await expect(mailedRow.getByText('Sent', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(mailedRow).toContainText('IST');
  await expect(mailedRow.getByTestId('overdue')).toHaveCount(0);
  const unmailedRow = page.getByTestId('note-row').filter({ hasText: `UID ${unmailedUid}` });
  await expect(unmailedRow).toContainText('Not sent');
  await expect(unmailedRow).toContainText('No verified e-mail address');
  await expect(unmailedRow.getByTestId('overdue')).toBeVisible();
  await expect(page.getByTestId('count-overdue')).toContainText(/Overdue\s*[1-9]/);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'console-duties-contract-notes');
  expect(await violations(page)).toEqual([]);

  // The outbox: the note and the verification code, each with its recipient and IST times;
  // filtered to the sent ones, then to the failed ones.
  await openFromMenu(page, 'Outbox', 'Outbox');
  await expect(page.getByText(/written as an \.eml file under DATA_DIR\/outbox\//)).toBeVisible();
  const note = page.getByTestId('outbox-row').filter({ hasText: `Contract note for ${today}` });
  const mine = note.filter({ hasText: address });
  await expect(mine).toContainText(`Contract note · contract-note-${today}.pdf`);
  await expect(mine).toContainText('Sent');
  await expect(mine).toContainText(/IST.*IST/);
  const code = page
    .getByTestId('outbox-row')
    .filter({ hasText: address })
    .filter({ hasText: 'is your Sampada e-mail verification code' });
  await expect(code).toContainText('Email verify');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'console-duties-outbox');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Sent' }).click();
  await expect(page).toHaveURL(/\/console\/mail\/outbox\?status=sent$/);
  await expect(mine).toBeVisible();
  for (const row of await page.getByTestId('outbox-row').all())
    await expect(row).toContainText('Sent');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/\/console\/mail\/outbox\?status=failed$/);
  // The failed ones read (none, or some), not the spinner while they load.
  await expect(page.getByTestId('count-failed')).toBeVisible();
  await expect(mine).toHaveCount(0);
  expect(await violations(page)).toEqual([]);

  // Grievances: the complaint on its 21-day timeline, resolved with a note.
  await openFromMenu(page, 'Grievances', 'Grievances');
  const row = page.getByTestId('grievance-row').filter({ hasText: subject });
  await expect(row).toContainText(complaint.reference);
  await expect(row.getByTestId('grievance-due')).toContainText(formatDay(complaint.due_date));
  await expect(row.getByTestId('grievance-due')).toContainText(/2[01] days left of 21/);
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve the complaint' });
  await expect(dialog).toContainText('I was charged brokerage twice on one INFY order.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog.getByText(GRIEVANCE_MSG.resolutionRequired)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resolve' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'console-duties-resolve');
  expect(await violations(page)).toEqual([]);
  const resolution = 'The second brokerage charge was reversed to your ledger.';
  await dialog.getByLabel('Resolution').fill(resolution);
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(toast(page, 'The complaint is resolved; the client is told.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Resolved' }).click();
  await expect(row).toContainText(resolution);
  // Filed and resolved minutes apart: the same IST day, or the next one across midnight.
  await expect(row).toContainText(/Resolved in (0 days|1 day) of 21/);
  await expect(row.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'console-duties-grievances');
  expect(await violations(page)).toEqual([]);

  // The client sees it resolved, and the outbox holds the mail that told them.
  const theirs = (await clientCall(
    request,
    mailed.token,
    'get',
    '/client/app/v1/grievances',
  )) as TGrievance[];
  expect(theirs.find((g) => g.id === complaint.id)).toMatchObject({
    status: 'resolved',
    resolution,
  });
  await openFromMenu(page, 'Outbox', 'Outbox');
  await expect(
    page.getByTestId('outbox-row').filter({ hasText: `Complaint ${complaint.reference} resolved` }),
  ).toContainText(address);
});
