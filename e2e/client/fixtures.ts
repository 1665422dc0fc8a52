import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { md5 } from '@sampada/shared';
import sharp from 'sharp';
import { freshMobile, sampada } from '../support/cli';
import { SAVE_PICTURES } from '../support/pictures';

export interface TClient {
  mobile: string;
  password: string;
  name: string;
}

/** A JPEG that passes the server's image checks (real pixels, well over 200 px a side). */
export async function idImage(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600">
    <rect width="960" height="600" rx="32" fill="#e6f4f1"/>
    <rect x="40" y="40" width="220" height="280" rx="12" fill="#9bc9c0"/>
    <text x="300" y="120" font-size="56" font-family="sans-serif" fill="#0b7285">INCOME TAX DEPARTMENT</text>
    <text x="300" y="220" font-size="48" font-family="sans-serif" fill="#333">${label}</text>
    <text x="300" y="300" font-size="40" font-family="monospace" fill="#333">PERMANENT ACCOUNT NUMBER</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A random, well-formed PAN so that clients never share one. */
export function randomPan(): string {
  const letters = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `${letters()}${letters()}${letters()}P${letters()}${digits}${letters()}`;
}

export const inviteCode = async () =>
  (await sampada('invite', 'create', '--advisor', 'advisor@sampada.in')).split(/\s+/).pop()!;

/** Registers a client through the API with a CLI-issued invitation code. */
export async function registerClient(
  request: APIRequestContext,
): Promise<TClient & { accessToken: string }> {
  const mobile = freshMobile();
  const password = `Pw-${Math.random().toString(36).slice(2, 8)}`;
  const response = await request.post('/auth/app/v1/register', {
    data: { username: `+91${mobile}`, password: md5(password), invite_code: await inviteCode() },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return { mobile, password, name: 'Kavya Iyer', accessToken: body.data.access_token };
}

/** A client whose KYC waits in the review queue. */
export async function kycSubmittedClient(request: APIRequestContext): Promise<TClient> {
  const client = await registerClient(request);
  const headers = { Authorization: `Bearer ${client.accessToken}` };
  const upload = async (side: string) => {
    const response = await request.post('/client/app/v1/image', {
      headers,
      multipart: {
        file: { name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: await idImage(side) },
      },
    });
    const body = await response.json();
    expect(body.code, JSON.stringify(body)).toBe(200);
    return body.data.url as string;
  };
  const submitted = await request.post('/identify/app/v1', {
    headers,
    data: {
      full_name: client.name,
      dob: '1991-08-24',
      id_no: randomPan(),
      id_front_url: await upload('front'),
      id_back_url: await upload('back'),
    },
  });
  expect((await submitted.json()).code).toBe(200);
  return client;
}

/** A client whose KYC an advisor approved through the CLI. */
export async function approvedClient(request: APIRequestContext): Promise<TClient> {
  const client = await kycSubmittedClient(request);
  await sampada('kyc', 'approve', '--mobile', client.mobile);
  return client;
}

/**
 * Waits until the app has replaced the static copy of /login or /dashboard from the HTML: the
 * copy is inert, so typing or a shortcut before then would go nowhere (decision 005, third and
 * fourth passes).
 */
export async function appTookOver(page: Page) {
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
}

/** /login, ready to type into. */
export async function openLogin(page: Page) {
  await page.goto('/login');
  await appTookOver(page);
}

export async function signIn(page: Page, client: TClient, { remember = false } = {}) {
  await openLogin(page);
  await page.getByLabel('Mobile number').fill(client.mobile);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  if (remember) await page.getByLabel('Remember Me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
}

/** Opens the user drawer from the header avatar. */
export async function openUserDrawer(page: Page) {
  await page.getByTestId('user-avatar').click();
  const drawer = page.getByRole('dialog', { name: 'My account' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Opens a group of the user drawer (Profile, Security) and clicks one of its items. */
export async function drawerItem(page: Page, group: 'Profile' | 'Security', item: string) {
  const drawer = await openUserDrawer(page);
  await drawer.getByText(group, { exact: true }).click();
  await drawer.getByText(item, { exact: true }).click();
}

/**
 * Saves a screenshot as a test artifact, in light and (where the page follows the system) in
 * dark: attached to the report and kept under test-results/screenshots/<project>/. With pictures
 * off (support/pictures.ts) the screen still flips to dark and back.
 */
export async function screenshot(page: Page, name: string) {
  const info = base.info();
  const dir = path.join('test-results', 'screenshots', info.project.name);
  const shoot = async (suffix: string) => {
    if (!SAVE_PICTURES) return;
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}${suffix}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await info.attach(`${name}${suffix}`, { path: file, contentType: 'image/png' });
  };
  await shoot('');
  // The same screen in dark, as a device set to dark shows it: the client app follows the
  // system unless the client picked a scheme, so only its pages in light that follow it are
  // flipped (the console has no dark mode).
  const scheme = (theme: string) =>
    page.waitForFunction(
      (expected) => document.documentElement.dataset.mantineColorScheme === expected,
      theme,
      // The flip is one re-render, but a busy CI box took over 5 s (session 22, phone-reach).
      { timeout: 30_000 },
    );
  const followsSystem = await page.evaluate(
    () =>
      document.documentElement.dataset.mantineColorScheme === 'light' &&
      [null, '"auto"', 'auto'].includes(localStorage.getItem('sampada.colorScheme')),
  );
  const inConsole = new URL(page.url()).pathname.startsWith('/console');
  if (inConsole || !followsSystem) return;
  await page.emulateMedia({ colorScheme: 'dark' });
  await scheme('dark');
  await shoot('-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await scheme('light');
}

/** A toast with exactly this text. */
export const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

export const test = base;
export { expect };
