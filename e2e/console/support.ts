/** Console steps shared by the console specs: sign-in with TOTP computed here, as an authenticator app would. */
import { expect, type Page } from '@playwright/test';
import { authenticator } from 'otplib';

export const CONSOLE = '/console';

/** Signs in for the first time: reads the enrolment key off the page and confirms with a fresh code. */
export async function signInFirstTime(
  page: Page,
  email: string,
  password: string,
): Promise<string> {
  await page.goto(`${CONSOLE}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Set up your authenticator')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await expect(page.getByTestId('recovery-codes')).toContainText(/[A-Z0-9]{4}-[A-Z0-9]{4}/);
  await page.getByLabel('I have saved my recovery codes somewhere safe').check();
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  return secret;
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
}

/** Under Mantine's `sm` (48em) the console's sidebar hides behind the burger in the header. */
const isPhone = (page: Page) => (page.viewportSize()?.width ?? Infinity) < 768;

/**
 * Opens a screen from the sidebar as the officer would: at a desk the sidebar is always there;
 * on a phone the burger opens it, and picking an item closes it again.
 */
export async function openFromMenu(page: Page, label: string) {
  const link = page.getByTestId('console-nav').getByRole('link', { name: label });
  if (!isPhone(page)) return link.click();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  // The menu scrolls on a short screen: the last items sit below its fold.
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport();
  await link.click();
  await expect(link).not.toBeInViewport();
}

/** Nothing widens the page past the screen: a wide table scrolls inside its card. */
export async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `page ${scrollWidth} px wide at ${width} px`).toBeLessThanOrEqual(width);
}
