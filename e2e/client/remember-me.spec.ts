import type { Page } from '@playwright/test';
import { approvedClient, expect, signIn, test } from './fixtures';

const stored = (page: Page) =>
  page.evaluate(() => ({
    local: localStorage.getItem('sampada.auth'),
    session: sessionStorage.getItem('sampada.auth'),
  }));

test.describe('[CLIENT][AUTH]: Remember Me', () => {
  test('on: the tokens live in localStorage and survive a new tab', async ({
    page,
    context,
    request,
  }) => {
    const client = await approvedClient(request);
    await signIn(page, client, { remember: true });
    const { local, session } = await stored(page);
    expect(session).toBeNull();
    expect(JSON.parse(local!)).toMatchObject({
      token_type: 'Bearer',
      refresh_token: expect.any(String),
    });

    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(second.getByTestId('dashboard-page')).toBeVisible();
  });

  test('off: the tokens live in sessionStorage and a new tab must sign in', async ({
    page,
    context,
    request,
  }) => {
    const client = await approvedClient(request);
    await signIn(page, client);
    const { local, session } = await stored(page);
    expect(local).toBeNull();
    expect(JSON.parse(session!)).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
    });

    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(second).toHaveURL(/\/login$/);
  });
});
