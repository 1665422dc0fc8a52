import { STATEMENT_MISMATCHES } from '@sampada/shared';
import { approvedClient, expect, screenshot, test } from '../client/fixtures';
import { createStaff } from '../support/cli';
import { clientCall, clientToken, runId, STAFF_PASSWORD } from '../support/trading';
import { CONSOLE, signInFirstTime } from './support';

/** A 12-digit IMPS reference of this run (the e2e database is fresh each run). */
const utrOf = (seed: number) => `${Date.now()}${seed}`.slice(-12);

test('[CONSOLE][DEPOSIT]: a client requests a deposit, operations paste the bank statement, the deposit is confirmed and credited', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = runId(testInfo.project.name);

  // The client requests ₹20,000 by IMPS over the client API.
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  const utr = utrOf(1);
  const deposit = await clientCall(request, token, 'post', '/funds/app/v1/deposits', {
    amount: '20000',
    method: 'IMPS',
    utr,
  });
  expect(deposit).toMatchObject({ status: 'pending', amount_paise: 2_000_000, utr });

  // An operations member of this run opens the deposits queue.
  const email = `ops-statement-${run}@firm.test`.toLowerCase();
  await createStaff(email, 'operations', STAFF_PASSWORD);
  await signInFirstTime(page, email, STAFF_PASSWORD);
  await page.goto(`${CONSOLE}/funds/deposits`);
  await expect(page.getByTestId('deposit-row').filter({ hasText: utr })).toBeVisible();

  // The statement as the bank exports it: a header, the client's credit with grouped rupees,
  // a credit no deposit carries, and a line that cannot be read.
  const stranger = utrOf(2);
  await page.getByRole('button', { name: 'Match bank statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Match bank statement' });
  await dialog
    .getByLabel('Statement')
    .fill(`UTR,Amount\n${utr},"20,000.00"\n${stranger},"25,000.00"\nTOTAL,"45,000.00"\n`);
  const preview = dialog.getByTestId('statement-preview');
  await expect(preview).toContainText('2 lines read, totalling ₹45,000.00 (header row skipped).');
  await expect(dialog.getByTestId('statement-problems')).toContainText('Line 4');
  await screenshot(page, 'console-bank-statement-preview');

  await dialog.getByRole('button', { name: 'Confirm and credit' }).click();
  const answer = dialog.getByTestId('statement-result');
  await expect(answer).toContainText('1 deposit confirmed and credited, totalling ₹20,000.00.');
  await expect(answer.getByTestId('statement-confirmed')).toContainText(client.name);
  await expect(answer.getByTestId('statement-confirmed')).toContainText(utr);
  await expect(answer.getByTestId('statement-unmatched')).toContainText(stranger);
  await expect(answer.getByTestId('statement-unmatched')).toContainText(
    STATEMENT_MISMATCHES.no_pending_deposit,
  );
  await screenshot(page, 'console-bank-statement-result');
  await answer.getByRole('button', { name: 'Close', exact: true }).click();

  // The queue is read again: the deposit has left the pending list, and the client is credited.
  await expect(page.getByTestId('deposit-row').filter({ hasText: utr })).toHaveCount(0);
  const after = await clientCall(request, token, 'get', `/funds/app/v1/deposits/${deposit.id}`);
  expect(after).toMatchObject({ status: 'confirmed' });
  expect(after.posting_id).toBeTruthy();
  const assets = await clientCall(request, token, 'get', '/stat/app/v1/asset');
  expect(assets.cash_available_paise).toBe(2_000_000);
});
