import type { Locator, Page } from '@playwright/test';
import { codeMailedTo } from '../support/outbox';
import { PIN, clientToken, setPin } from '../support/trading';
import { approvedClient, expect, screenshot, signIn, test, toast } from './fixtures';

/*
 * A broker's duties on screen (issue 36): verify an e-mail address with the code the outbox
 * wrote, opt out of nomination then name two nominees whose shares must total 100%, raise a
 * complaint and find where to escalate it, and read the investor charter.
 */

async function typePin(page: Page, scope: Locator, testId: string) {
  await scope.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(PIN);
}

test('e-mail verification, nominees, a complaint and the investor charter', async ({
  page,
  request,
}, info) => {
  // One long journey over four screens, with a KYC approval and a mail delivery on the way.
  test.setTimeout(240_000);
  const client = await approvedClient(request);
  await setPin(request, await clientToken(request, client), client.password);
  await signIn(page, client);

  // E-mail: a wrong code is refused with the tries left, the mailed one verifies.
  const address = `kavya.${Date.now().toString(36)}.${info.project.name}@example.in`;
  await page.goto('/me/profile');
  const email = page.getByTestId('email-section');
  await expect(email).toContainText('No e-mail address yet.');
  await email.getByRole('button', { name: 'Add e-mail address' }).click();
  await email.getByRole('textbox', { name: 'E-mail address' }).fill(address);
  await email.getByRole('button', { name: 'Send code' }).click();
  await expect(email.getByTestId('email-pending')).toContainText(address);
  await expect(email.getByTestId('email-pending')).toContainText(/ (IST|UTC)$|(IST|UTC)\./);
  const code = await codeMailedTo(address);
  const wrong = code === '000000' ? '111111' : '000000';
  await email.getByLabel('Code from the e-mail').fill(wrong);
  await email.getByRole('button', { name: 'Verify' }).click();
  await expect(email.getByTestId('email-code-error')).toHaveText(
    'That code is not right. 4 tries left.',
  );
  await email.getByLabel('Code from the e-mail').fill(code);
  await email.getByRole('button', { name: 'Verify' }).click();
  await expect(email.getByTestId('email-current')).toContainText(address);
  await expect(email.getByTestId('email-current')).toContainText('Verified');
  await screenshot(page, 'duties-email-verified');

  // Nominees: opt out with the declaration, then name two whose shares must make 100%.
  await page.goto('/me/nominees');
  const nominees = page.getByTestId('nominees-page');
  await expect(nominees.getByTestId('nominee-status')).toContainText(
    'You have not named a nominee or opted out.',
  );
  await nominees.getByRole('button', { name: 'Opt out of nomination' }).click();
  const optOut = page.getByRole('dialog', { name: 'Opt out of nomination' });
  await expect(optOut.getByTestId('opt-out-declaration')).toContainText('succession certificate');
  await optOut.getByLabel('I confirm this declaration').check();
  await typePin(page, optOut, 'opt-out-pin');
  await optOut.getByRole('button', { name: 'Opt out', exact: true }).click();
  await expect(optOut).toBeHidden();
  await expect(nominees.getByTestId('nominee-status')).toContainText(
    'You opted out of nomination.',
  );

  await nominees.getByRole('button', { name: 'Add nominees' }).click();
  const fill = async (index: number, values: Record<string, string>, relationship: string) => {
    const card = nominees.getByTestId('nominee-fields').nth(index);
    for (const [label, value] of Object.entries(values)) {
      await card.getByLabel(label, { exact: true }).fill(value);
    }
    await card.getByLabel('Relationship').selectOption(relationship);
    return card;
  };
  await fill(
    0,
    {
      'Full name': 'Arjun Iyer',
      'Date of birth': '12/05/1988',
      'ID number (PAN, Aadhaar or passport)': 'ABCPI1234K',
      Address: '12 MG Road, Bengaluru 560001',
      'Share (%)': '60',
    },
    'spouse',
  );
  await nominees.getByRole('button', { name: 'Add another nominee' }).click();
  const minor = await fill(
    1,
    {
      'Full name': 'Meera Iyer',
      'Date of birth': '03/09/2015',
      'ID number (PAN, Aadhaar or passport)': '123456789012',
      Address: '12 MG Road, Bengaluru 560001',
      'Share (%)': '30',
    },
    'daughter',
  );
  await minor.getByRole('button', { name: 'Add a guardian' }).click();
  await minor.getByLabel('Guardian’s name').fill('Arjun Iyer');
  await minor.getByLabel('Guardian’s relationship to the nominee').fill('Father');
  await expect(nominees.getByTestId('nominee-total')).toHaveText('Total 90.00%');
  await typePin(page, nominees, 'nominee-pin');
  await nominees.getByRole('button', { name: 'Save nominees' }).click();
  await expect(nominees.getByTestId('nominee-sum-error')).toHaveText(
    'The nominees’ shares must add up to 100%; they add up to 90.00%.',
  );
  await minor.getByLabel('Share (%)').fill('40');
  await expect(nominees.getByTestId('nominee-total')).toHaveText('Total 100.00%');
  await typePin(page, nominees, 'nominee-pin');
  await nominees.getByRole('button', { name: 'Save nominees' }).click();
  await expect(
    toast(page, 'Your nominees are saved. We e-mailed you a confirmation.'),
  ).toBeVisible();
  const rows = nominees.getByTestId('nominee-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('60.00%');
  await expect(rows.nth(1)).toContainText('40.00%');
  await expect(rows.nth(1)).toContainText('Minor');
  await expect(nominees.getByTestId('nominee-status')).toContainText('Nominees named');
  await screenshot(page, 'duties-nominees');

  // A complaint: filed with its 21-day due date; the escalation matrix names SCORES.
  await page.goto('/me/grievances');
  const grievances = page.getByTestId('grievances-page');
  await grievances.getByRole('button', { name: 'Raise a complaint' }).click();
  await grievances.getByRole('button', { name: 'Submit complaint' }).click();
  await expect(grievances.getByText('Choose what the complaint is about.')).toBeVisible();
  await grievances.getByLabel('What is it about?').selectOption('contract_note');
  await grievances.getByLabel('Subject').fill('Contract note not received');
  await grievances.getByLabel('What happened').fill('No contract note reached me for my trade.');
  await grievances.getByRole('button', { name: 'Submit complaint' }).click();
  await expect(
    toast(page, 'Your complaint is registered. We answer within 21 days.'),
  ).toBeVisible();
  const row = grievances.getByTestId('grievance-row').filter({
    hasText: 'Contract note not received',
  });
  await expect(row).toContainText('Open');
  await expect(row).toContainText('Answer due by');
  await expect(row).toContainText(/(IST|UTC)/);
  await expect(grievances.getByTestId('escalation-matrix')).toContainText('SEBI SCORES');
  await expect(
    grievances.getByTestId('escalation-matrix').getByRole('link', { name: 'scores.sebi.gov.in' }),
  ).toHaveAttribute('href', 'https://scores.sebi.gov.in');
  await screenshot(page, 'duties-grievances');

  // The investor charter, reached from Complaints.
  await grievances.getByRole('link', { name: 'Investor charter' }).click();
  await expect(page).toHaveURL(/\/investor-charter$/);
  const charter = page.getByTestId('investor-charter');
  await expect(charter.getByRole('heading', { name: 'Your rights' })).toBeVisible();
  await expect(charter).toContainText('Within 24 hours of the trade');
  await expect(charter.getByTestId('escalation-matrix')).toContainText('SMART ODR');
  await screenshot(page, 'duties-investor-charter');
});
