/**
 * A client's nominees in the console (issue 36), at a desk (1440 px): a client names two
 * nominees with the PIN over the API; operations open the client's page and read them in the
 * Nominees card, ID numbers masked, with nothing to change them; axe on the card.
 */
import { md5 } from '@sampada/shared';
import { violations } from '../support/axe';
import { PIN, STAFF_PASSWORD, clientToken, createOps, runId, setPin } from '../support/trading';
import { approvedClient, expect, screenshot, test } from '../client/fixtures';
import { CONSOLE, signInFirstTime } from './support';

const nominee = (name: string, id_number: string, share_pct: number) => ({
  name,
  relationship: 'spouse',
  dob: '1985-04-12',
  id_number,
  address: '12 MG Road, Pune 411001',
  share_pct,
  guardian: null,
});

test('[CONSOLE][NOMINEES]: operations read a client’s nominees on the client page, masked and read-only', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const client = await approvedClient(request);
  const token = await clientToken(request, client);
  await setPin(request, token, client.password);
  const saved = await request.put('/client/app/v1/nominees', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      pin: md5(PIN),
      nominees: [nominee('Ravi Iyer', 'ABCDE1234F', 60), nominee('Meera Iyer', '123456789012', 40)],
    },
  });
  expect(saved.status()).toBe(200);

  await signInFirstTime(page, await createOps(runId(info.project.name)), STAFF_PASSWORD);
  await page.goto(`${CONSOLE}/clients?q=${client.mobile}`);
  await page.getByRole('row').filter({ hasText: client.mobile }).getByRole('link').click();
  const card = page.getByTestId('client-nominees');
  const rows = card.getByTestId('nominee-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Ravi Iyer');
  await expect(rows.first()).toContainText('XXXXXX234F');
  await expect(rows.last()).toContainText('XXXX XXXX 9012');
  await expect(card).toContainText(/Last changed .* IST/);
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(card).not.toContainText('ABCDE1234F');
  expect(await violations(page, '[data-testid="client-nominees"]')).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'console-client-nominees');
});
