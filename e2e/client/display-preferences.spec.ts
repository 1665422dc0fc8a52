import { M } from '@sampada/shared';
import {
  appTookOver,
  approvedClient,
  expect,
  openLogin,
  openUserDrawer,
  screenshot,
  test,
} from './fixtures';

test.describe('[CLIENT][PREFERENCES]: Hindi, dark mode and lakh/crore', () => {
  test('a Hindi sign-in page: switch, sign in in Hindi, the choice survives a reload', async ({
    page,
    request,
  }) => {
    const client = await approvedClient(request);
    await openLogin(page);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.getByTestId('language-switch').getByText('हिन्दी').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.getByText('मोबाइल नंबर').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'साइन इन', exact: true })).toBeVisible();
    // The spec's validation messages speak Hindi too.
    await page.getByRole('button', { name: 'साइन इन', exact: true }).click();
    await expect(page.getByText('पासवर्ड आवश्यक है')).toBeVisible();
    await screenshot(page, 'login-hi-IN');

    await page.reload();
    await expect(page.getByRole('button', { name: 'साइन इन', exact: true })).toBeVisible();
    await page.getByLabel('मोबाइल नंबर').fill(client.mobile);
    await page.getByLabel('पासवर्ड', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'साइन इन', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('user-avatar').click();
    const drawer = page.getByRole('dialog', { name: 'मेरा खाता' });
    await expect(drawer.getByText('लॉग आउट')).toBeVisible();
    await screenshot(page, 'drawer-hi-IN');
    // And back to English from the drawer.
    await drawer.getByTestId('language-switch').getByText('English').click();
    await expect(
      page.getByRole('dialog', { name: 'My account' }).getByText('Logout'),
    ).toBeVisible();
  });

  test('dark mode from the drawer, kept after a reload; market caps in crore with the preference', async ({
    page,
    request,
  }) => {
    const client = await approvedClient(request);
    await page.emulateMedia({ colorScheme: 'light' });
    await openLogin(page);
    await page.getByLabel('Mobile number').fill(client.mobile);
    await page.getByLabel('Password', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    const drawer = await openUserDrawer(page);
    await drawer.getByTestId('theme-switch').getByText('Dark').click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await drawer.getByTestId('number-style-switch').getByText('191.29 Cr').click();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // The stock detail's market cap in crore, never KCr. The reload shows Home's static copy
    // first (this device kept the client's name), which has no shortcuts.
    await appTookOver(page);
    await page.keyboard.press('Control+K');
    const overlay = page.getByRole('dialog', { name: 'Search stocks' });
    await expect(overlay.getByPlaceholder(M.searchPlaceholder)).toBeFocused();
    await page.keyboard.type('TCS');
    await page.getByTestId('search-result-TCS').click();
    const stats = page.getByTestId('key-stats');
    await expect(stats).toContainText(/₹[\d,]+\.\d{2} Cr/);
    await expect(stats).not.toContainText('KCr');
    await expect(page.getByTestId('price-chart')).toBeVisible();
    await screenshot(page, 'stock-detail-dark');

    // 'System' follows the operating system's choice.
    await page.keyboard.press('Escape');
    const again = await openUserDrawer(page);
    await again.getByTestId('theme-switch').getByText('System').click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
