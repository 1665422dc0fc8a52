import { approvedClient, expect, signIn, test } from './fixtures';

const PROTECTED = ['/auth/app/v1/client_info', '/auth/app/v1/menu', '/identify/app/v1/detail'];

test('[CLIENT][SESSION]: an expired access token is refreshed once for three requests in flight', async ({
  page,
  request,
}) => {
  const client = await approvedClient(request);
  await signIn(page, client, { remember: true });
  await page.goto('/me/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();

  // Replace the access token with one that is well formed but expired (and so no longer valid).
  await page.evaluate(() => {
    const auth = JSON.parse(localStorage.getItem('sampada.auth')!);
    const [header, payload] = auth.access_token.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const forged = btoa(JSON.stringify(claims))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    auth.access_token = `${header}.${forged}.invalid-signature`;
    localStorage.setItem('sampada.auth', JSON.stringify(auth));
  });
  const before = await page.evaluate(
    () => JSON.parse(localStorage.getItem('sampada.auth')!).refresh_token,
  );

  const statuses: Record<string, number[]> = {};
  let refreshes = 0;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/auth/app/v1/refresh') refreshes += 1;
    if (PROTECTED.includes(url.pathname)) (statuses[url.pathname] ??= []).push(response.status());
  });

  // A fresh load of /me/profile sends the profile check, the menu and the KYC record together.
  await page.reload();
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await expect(page.getByTestId('profile-page')).toContainText(client.mobile);
  await expect.poll(() => Object.keys(statuses).length).toBe(3);

  // Every request sent with the expired token was answered 401 once and then succeeded after the
  // single refresh. Under load a request may leave after the refresh has finished and succeed at
  // once, so only the profile check and the menu (sent together on load) must have met the 401.
  expect(refreshes).toBe(1);
  for (const path of PROTECTED) {
    expect([[401, 200], [200]], path).toContainEqual(statuses[path]);
  }
  const rejected = PROTECTED.filter((path) => statuses[path]![0] === 401);
  expect(rejected.length).toBeGreaterThanOrEqual(2);
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('sampada.auth')!));
  expect(after.refresh_token).not.toBe(before);
  expect(await page.evaluate(() => sessionStorage.getItem('sampada.auth'))).toBeNull();
});
