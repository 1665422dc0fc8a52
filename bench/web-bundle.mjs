// Bytes the browser actually transfers for the client app's first screens, against the
// budgets of issue 14. Starts the real server (built apps, fresh data directory), loads the
// pages in Debian's Chromium with an empty cache and sums the encoded (on-the-wire) body
// sizes Chromium reports, so compression, caching and code splitting all count.
// Usage: npm run build && node --import tsx bench/web-bundle.mjs
// BENCH_PORT=<port> runs the server on another port (default 3291); BENCH_ROWS=<n> lists n
// files per step (default 12).
//
// 1. /login, cold: everything fetched until the sign-in form is on screen and the network idle.
// 2. Signing in as the demo client from that page: what /dashboard adds (warm cache).
// 3. /dashboard, cold, already signed in (a returning visitor with an empty cache).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { reportBench } from './report.mjs';
import { root, startServer } from './support/server.mjs';

const BUDGET = { loginJs: 180 * 1024, loginCss: 40 * 1024, dashboardJs: 250 * 1024 };
/** Heavy libraries that must stay out of the first screen (issue 3). */
const MUST_BE_LAZY = {
  'react-easy-crop (cropper)': /reactEasyCrop_Container/,
  'recharts (charts)': /recharts-wrapper|recharts-surface/,
};
const DEMO_MOBILE = '9876543210';
const DEMO_PASSWORD = 'demo1234';
const dist = path.join(root, 'apps/web/dist');

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const { server, base, auth } = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3291),
  name: 'bench-web-bundle',
});

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});

/** Records every finished response of a page; `take()` returns and clears the list. */
function recorder(page) {
  let rows = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    const sizes = await request.sizes().catch(() => null);
    if (!response || !sizes) return;
    rows.push({
      url: request.url().replace(base, ''),
      status: response.status(),
      encoding: (await response.headerValue('content-encoding')) ?? '',
      cacheControl: (await response.headerValue('cache-control')) ?? '',
      bytes: sizes.responseBodySize,
    });
  });
  return {
    take: async () => {
      await new Promise((r) => setTimeout(r, 300)); // let the last sizes() calls settle
      const taken = rows;
      rows = [];
      return taken;
    },
  };
}

const settle = (page) => page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const kindOf = (url) => (/\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : 'other');

function report(title, rows) {
  const sum = (kind) => rows.filter((r) => kindOf(r.url) === kind).reduce((t, r) => t + r.bytes, 0);
  console.log(`\n${title}: ${rows.length} requests`);
  const shown = Number(process.env.BENCH_ROWS ?? 12);
  const width = Math.min(60, Math.max(10, ...rows.map((r) => r.url.length)));
  for (const r of [...rows].sort((a, b) => b.bytes - a.bytes).slice(0, shown)) {
    console.log(
      `  ${r.url.slice(0, width).padEnd(width)}  ${kb(r.bytes).padStart(9)}  ${r.status} ${r.encoding || '-'}`,
    );
  }
  if (rows.length > shown) console.log(`  … and ${rows.length - shown} smaller`);
  const totals = { js: sum('js'), css: sum('css'), other: sum('other') };
  console.log(`  JavaScript ${kb(totals.js)}, CSS ${kb(totals.css)}, other ${kb(totals.other)}`);
  const limited = rows.filter((r) => r.status === 429);
  if (limited.length) console.log(`  !! ${limited.length} answered 429`);
  return totals;
}

const verdict = (label, value, budget) => {
  const ok = value <= budget;
  console.log(
    `  ${ok ? 'ok ' : 'OVER'}  ${label.padEnd(28)} ${kb(value).padStart(9)}  budget ${kb(budget)}`,
  );
  return ok;
};

let allOk = true;
try {
  // 1 and 2: a new visitor signs in.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const seen = recorder(page);
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await settle(page);
  const loginRows = await seen.take();
  const login = report('1. /login, empty cache', loginRows);

  await page.getByLabel('Mobile number').fill(DEMO_MOBILE);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('dashboard-page').waitFor({ timeout: 30_000 });
  await settle(page);
  const signIn = report('2. signing in from /login to /dashboard (cache warm)', await seen.take());
  await visitor.close();

  // 3: a returning client, signed in, empty cache.
  const returning = await browser.newContext();
  await returning.addInitScript((value) => {
    if (!sessionStorage.getItem('bench.seeded')) {
      localStorage.setItem('sampada.auth', value);
      sessionStorage.setItem('bench.seeded', '1');
    }
  }, JSON.stringify(auth));
  const page3 = await returning.newPage();
  const seen3 = recorder(page3);
  await page3.goto(`${base}/dashboard`);
  await page3.getByTestId('dashboard-page').waitFor({ timeout: 30_000 });
  await settle(page3);
  const dashboardRows = await seen3.take();
  const dashboard = report('3. /dashboard, signed in, empty cache', dashboardRows);
  await returning.close();

  console.log('\nBudgets (bytes transferred, compressed):');
  allOk = verdict('/login JavaScript', login.js, BUDGET.loginJs) && allOk;
  allOk = verdict('/login CSS', login.css, BUDGET.loginCss) && allOk;
  allOk = verdict('/dashboard JavaScript (cold)', dashboard.js, BUDGET.dashboardJs) && allOk;
  console.log(`  info  /dashboard JS added after sign-in ${kb(signIn.js).padStart(9)}`);
  // No baseline: a byte count is the same on any box.
  reportBench('web-bundle.mjs', [
    {
      id: 'web-login-js',
      what: '`/login` JS / CSS transferred (brotli)',
      figure: `${kb(login.js)} / ${kb(login.css)}`,
      baseline: '–',
      ratio: '–',
      budget: `≤ ${kb(BUDGET.loginJs)} / ≤ ${kb(BUDGET.loginCss)}`,
    },
    {
      id: 'web-dashboard-js',
      what: '`/dashboard` JS, signed in, empty cache',
      figure: kb(dashboard.js),
      baseline: '–',
      ratio: '–',
      budget: `≤ ${kb(BUDGET.dashboardJs)}`,
    },
  ]);

  const hashed = loginRows.filter((r) => r.url.startsWith('/assets/'));
  const immutable = hashed.every((r) => r.cacheControl.includes('immutable'));
  const compressed = hashed
    .filter((r) => /\.(js|css)$/.test(r.url))
    .every((r) => r.encoding === 'br' || r.encoding === 'gzip');
  console.log(`  ${immutable ? 'ok ' : 'NO '}  hashed assets immutable`);
  console.log(`  ${compressed ? 'ok ' : 'NO '}  scripts and styles compressed`);
  allOk &&= immutable && compressed;

  console.log('\nLazy-loaded (absent from everything /login loads):');
  for (const [name, marker] of Object.entries(MUST_BE_LAZY)) {
    const leaked = loginRows
      .filter((r) => r.url.startsWith('/assets/') && r.url.endsWith('.js'))
      .filter((r) => marker.test(readFileSync(path.join(dist, r.url), 'utf8')))
      .map((r) => r.url);
    allOk &&= leaked.length === 0;
    console.log(
      `  ${leaked.length ? 'NO ' : 'yes'}  ${name}${leaked.length ? ` — in ${leaked}` : ''}`,
    );
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
process.exit(allOk ? 0 : 1);
