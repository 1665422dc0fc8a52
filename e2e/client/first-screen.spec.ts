/**
 * The first screens paint before any script (issue 14, decision 005's third and fourth
 * passes): /login arrives with a static copy of its screen in the HTML, and so does /dashboard
 * for a returning client, greeted by the name the device kept (or, on a signed-in device that
 * kept none, by its own client_info, asked for by the boot script); the app replaces the copy with
 * the live screen. Home's cards keep their size while their data loads. Layout shift is a
 * layout property (how far things moved), not a timing, so it is asserted here.
 */
import { expect, openUserDrawer, signIn, test } from './fixtures';

const DEMO = { mobile: '9876543210', password: 'demo1234', name: 'Priya Sharma' };

test('/login shows the sign-in screen from the HTML alone, with JavaScript off', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to Sampada' })).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // A picture of the form until the app runs: inert, so nothing typed or submitted there is
  // lost or sent as a plain GET form with the password in the address.
  await expect(page.locator('[data-prerendered="/login"]')).toHaveAttribute('inert', '');
  await context.close();
});

test('the app replaces the static copy with the live screen, which works', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/login');
  await expect(page.getByTestId('live-clock')).toHaveText(/\d{2}:\d{2}:\d{2}/);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await signIn(page, DEMO);
  await expect(page.getByRole('heading', { name: `Hello, ${DEMO.name}` })).toBeVisible();
  expect(errors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
});

/** When, after the navigation began, the page finished parsing and asked for the app's entry. */
const entryTiming = () => {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const entry = performance
    .getEntriesByType('resource')
    .find((r) => /\/assets\/index-[^/]*\.js$/.test(r.name));
  return { parsed: navigation!.domContentLoadedEventEnd, asked: entry?.startTime ?? -1 };
};

test('a page with a copy asks for the app’s scripts only after it is parsed and painted (decision 075)', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  const login = await page.evaluate(entryTiming);
  expect(login.asked).toBeGreaterThan(login.parsed);

  await signIn(page, DEMO);
  await page.reload();
  await expect(page.getByTestId('assets-total')).toHaveText(/₹/);
  const home = await page.evaluate(entryTiming);
  expect(home.asked).toBeGreaterThan(home.parsed);
});

/** Records, frame by frame, whether a static copy was ever laid out visibly. */
function watchCopy(selector: string) {
  (window as unknown as { copySeen: boolean }).copySeen = false;
  const check = () => {
    const copy = document.querySelector(selector);
    if (copy && getComputedStyle(copy).visibility === 'visible')
      (window as unknown as { copySeen: boolean }).copySeen = true;
    if (document.readyState !== 'complete' || copy) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

test('a returning client’s Home greets them from the HTML, before any script', async ({ page }) => {
  await signIn(page, DEMO);
  // The app's scripts never arrive: what shows is the HTML, its styles and the boot script.
  await page.route(/\/assets\/(index|route-preload)-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/dashboard');
  const copy = page.locator('[data-prerendered="/dashboard"]');
  await expect(copy.getByRole('heading', { name: `Hello, ${DEMO.name}` })).toBeVisible();
  await expect(copy).toHaveAttribute('inert', '');
  await expect(copy.getByTestId('assets-card')).toBeVisible();

  await page.unroute(/\/assets\/(index|route-preload)-[^/]*\.js$/);
  await page.reload();
  await expect(page.getByTestId('assets-total')).toHaveText(/₹/);
  await expect(page.getByRole('heading', { name: `Hello, ${DEMO.name}` })).toBeVisible();
  await expect(copy).toHaveCount(0);
});

test('a signed-in device that kept no name greets from its own client_info, before the app’s scripts', async ({
  page,
}) => {
  await signIn(page, DEMO);
  await page.evaluate(() => {
    sessionStorage.removeItem('sampada.greetingName');
    localStorage.removeItem('sampada.greetingName');
  });
  await page.route(/\/assets\/(index|route-preload)-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/dashboard');
  const copy = page.locator('[data-prerendered="/dashboard"]');
  await expect(copy.getByRole('heading', { name: `Hello, ${DEMO.name}` })).toBeVisible();
  await expect(copy.getByTestId('assets-card')).toBeVisible();
});

test('a device whose tokens the server refuses never shows the copy of Home', async ({ page }) => {
  // Stored before the page's own scripts run, on the one page that reads them. Stored from a
  // page of the app instead, the app there could start after them (a page with a copy starts
  // its modules after the load event), find them refused, and clear them before /dashboard.
  await page.addInitScript(() =>
    localStorage.setItem(
      'sampada.auth',
      JSON.stringify({ access_token: 'not-a-token', refresh_token: 'not-a-token' }),
    ),
  );
  await page.addInitScript(watchCopy, '[data-prerendered="/dashboard"]');
  await page.route(/\/assets\/(index|route-preload)-[^/]*\.js$/, (route) => route.abort());
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/auth/app/v1/client_info') && r.status() === 401,
  );
  await page.goto('/dashboard');
  await refused;
  // One frame after the answer was handled: the copy would have been revealed by then.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  expect(await page.evaluate(() => (window as unknown as { copySeen: boolean }).copySeen)).toBe(
    false,
  );
  await expect(page.locator('[data-prerendered="/dashboard"]')).toBeHidden();
});

test('a device that kept no name never shows the copy of Home', async ({ page }) => {
  await page.addInitScript(watchCopy, '[data-prerendered="/dashboard"]');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copySeen: boolean }).copySeen)).toBe(
    false,
  );
});

test('logging out forgets the name, so the device shows no greeting copy again', async ({
  page,
}) => {
  await signIn(page, DEMO, { remember: true });
  const kept = () => page.evaluate(() => localStorage.getItem('sampada.greetingName'));
  expect(await kept()).toBe(JSON.stringify(DEMO.name));
  await (await openUserDrawer(page)).getByText('Logout', { exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await kept()).toBeNull();
});

test('a device set to Hindi never shows the English copy', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('sampada.language', JSON.stringify('hi-IN'));
    // Records whether the English copy was ever laid out visibly, frame by frame.
    (window as unknown as { copySeen: boolean }).copySeen = false;
    const check = () => {
      const copy = document.querySelector('[data-prerendered]');
      if (copy && getComputedStyle(copy).visibility === 'visible')
        (window as unknown as { copySeen: boolean }).copySeen = true;
      if (document.readyState !== 'complete' || copy) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'साइन इन', exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copySeen: boolean }).copySeen)).toBe(
    false,
  );
});

test('Home does not shift while its cards load (CLS below 0.02)', async ({ page }) => {
  await signIn(page, DEMO);
  await page.addInitScript(() => {
    const shifts = ((window as unknown as { shifts: number[] }).shifts = [] as number[]);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Hello, ${DEMO.name}` })).toBeVisible();
  // Every card has answered: the indices, the assets, the watchlist, the movers, the news.
  await expect(page.getByTestId('indices-strip').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('assets-total')).toHaveText(/₹/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Let a last frame lay out what the answers brought.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
  );
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  const cls = shifts.reduce((sum, value) => sum + value, 0);
  expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.02);
});

test('a first screen asks for every chunk its page will import, ahead of the entry (route-preload)', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO);
  await page.goto('/dashboard');
  const script = await page.locator('script[src*="/assets/route-preload-"]').getAttribute('src');
  const source = await (await request.get(script!)).text();
  const routes = JSON.parse(/const ROUTES = (\{.*?\});/.exec(source)![1]!) as Record<
    string,
    string[]
  >;
  const wanted = routes['/dashboard']!;
  expect(wanted.length).toBeGreaterThan(20);
  // Added a few at a time (short tasks), all of them in the end, before the router asks for
  // the page (it waits for them: app/route-preload-signal.ts).
  await page.waitForFunction(
    (files) =>
      (self as unknown as { sampadaRoutePreload?: string }).sampadaRoutePreload === 'done' &&
      files.every((href) => document.head.querySelector(`link[href="${href}"]`)),
    wanted,
  );
});
