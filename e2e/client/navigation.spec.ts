import {
  approvedClient,
  expect,
  openLogin,
  openUserDrawer,
  screenshot,
  signIn,
  test,
} from './fixtures';

test.describe('[CLIENT][SHELL]: layout, tabs and public pages', () => {
  test('public pages, the 404 and the guards for a signed-out visitor', async ({ page }) => {
    for (const [path, title] of [
      ['/about', 'About Us'],
      ['/privacy', 'Privacy'],
      ['/cookie', 'Cookie Policy'],
    ] as const) {
      await openLogin(page);
      await page.getByRole('contentinfo').getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page).toHaveTitle(`Sampada | ${title}`);
      await screenshot(page, path.slice(1));
      await page.getByRole('link', { name: 'Home' }).first().click();
      await expect(page).toHaveURL(/\/login$/);
    }
    await page.goto('/about');
    await expect(page.getByTestId('about-versions')).toContainText('3.22.3221');
    await expect(page.getByTestId('about-versions')).toContainText('3.1.3229');

    await page.goto('/no/such/page');
    await expect(page.getByText('Page not found')).toBeVisible();
    await screenshot(page, 'not-found');

    for (const path of ['/', '/dashboard', '/me/profile', '/kyc']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('tabs, user drawer, drawers and menu routes for a signed-in client', async ({
    page,
    request,
  }, info) => {
    const phone = info.project.name === 'phone';
    const client = await approvedClient(request);
    await signIn(page, client);

    // Bottom tab bar under 768 px, sidebar from 768 px.
    const nav = phone ? page.getByTestId('bottom-tabs') : page.getByTestId('sidebar');
    await expect(nav).toBeVisible();
    await expect(nav).toBeInViewport();
    await expect(page.getByTestId('sidebar')).toHaveCount(phone ? 0 : 1);
    await expect(page.getByTestId('bottom-tabs')).toHaveCount(phone ? 1 : 0);

    for (const [tab, url, title] of [
      ['Market', /\/market$/, 'Market'],
      ['Discover', /\/discover$/, 'Discover'],
      ['Portfolio', /\/portfolio\/summary$/, 'Summary'],
      ['Me', /\/me\/profile$/, 'Profile'],
      ['Home', /\/dashboard$/, 'Home'],
    ] as const) {
      await nav.getByRole('link', { name: tab, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page).toHaveTitle(`Sampada | ${title}`);
      await screenshot(page, `tab-${tab.toLowerCase()}`);
    }

    // Portfolio children.
    await page.goto('/portfolio');
    await expect(page).toHaveURL(/\/portfolio\/summary$/);
    await page.getByRole('tab', { name: 'Holdings' }).click();
    await expect(page).toHaveURL(/\/portfolio\/holding$/);

    // Profile page shows client_info.
    await page.goto('/me');
    await expect(page).toHaveURL(/\/me\/profile$/);
    await expect(page.getByTestId('profile-page')).toContainText(client.mobile);
    await expect(page.getByTestId('profile-page')).toContainText('Approved');

    // A menu route from the server, with its title.
    if (!phone) {
      await page.getByTestId('sidebar').getByRole('link', { name: 'Score Info' }).click();
    } else {
      // No sidebar on a phone: Me › More lists the menu routes.
      await nav.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByRole('tab', { name: 'More' }).click();
      await page.getByTestId('more-page').getByRole('link', { name: 'Score Info' }).click();
    }
    await expect(page.getByTestId('score-info-page')).toBeVisible();
    await expect(page).toHaveTitle('Sampada | Score Info');

    // The user drawer: everything of spec §2.
    await page.goto('/dashboard');
    const drawer = await openUserDrawer(page);
    // Full width under 768 px, otherwise 400 px.
    const box = await drawer.boundingBox();
    expect(Math.round(box!.width)).toBe(phone ? 375 : 400);
    await expect(drawer.getByText(client.name).first()).toBeVisible();
    await expect(drawer.getByTestId('drawer-uid')).not.toBeEmpty();
    await expect(drawer.getByText('VIP 0')).toBeVisible();
    await expect(drawer.getByTestId('drawer-version')).toHaveText('Version 3.1.3229');
    for (const item of ['Profile', 'Security', 'Bank Accounts', 'Customer Service', 'Logout']) {
      await expect(drawer.getByText(item, { exact: true })).toBeVisible();
    }
    await screenshot(page, 'user-drawer');

    await drawer.getByRole('button', { name: 'Deposit' }).click();
    const deposit = page.getByTestId('deposit-panel');
    await expect(deposit).toContainText('Minimum deposit: ₹20,000.00');
    await screenshot(page, 'deposit-drawer');
    await page.keyboard.press('Escape');
    await expect(deposit).toBeHidden();

    await (await openUserDrawer(page)).getByText('Customer Service', { exact: true }).click();
    const support = page.getByTestId('support-panel');
    await expect(support).toContainText('support@sampada.in');
    await expect(support.getByRole('link', { name: /Call/ })).toHaveAttribute('href', /^tel:\+91/);
    await screenshot(page, 'customer-service');
    await page.keyboard.press('Escape');
    await expect(support).toBeHidden();

    // Bank Accounts closes the drawer, then goes to /me#bank-section.
    await (await openUserDrawer(page)).getByText('Bank Accounts', { exact: true }).click();
    await expect(page).toHaveURL(/\/me\/profile#bank-section$/);
    await expect(page.locator('#bank-section')).toBeInViewport();

    // Logout asks first.
    const again = await openUserDrawer(page);
    await again.getByText('Logout', { exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await expect(confirm.getByText('Are you sure you want to log out now?')).toBeVisible();
    await screenshot(page, 'logout-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await again.getByText('Logout', { exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirm' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('sampada.auth'))).toBeNull();
  });
});
