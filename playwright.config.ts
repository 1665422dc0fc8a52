import { defineConfig } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser (architecture.md "Browser"). */
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The omnibox popup's WebUI (see launchOptions), which no test uses. */
const OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];
/** Playwright 1.65's own --disable-features (chromiumSwitches.ts), kept when ours is added. */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Each shard of a split run has its own server and database (scripts/test.mjs). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

const PHONE_SPECS = [
  'client/navigation.spec.ts',
  'client/first-screen.spec.ts',
  'client/phone-reach.spec.ts',
  'client/market.spec.ts',
  'client/trading.spec.ts',
  'client/gtt-tax.spec.ts',
  'client/funds.spec.ts',
  'client/engagement.spec.ts',
  'client/sign-up-kyc.spec.ts',
  'client/compensation.spec.ts',
  'console/funds-ops.spec.ts',
  'client/support-chat.spec.ts',
  'client/journeys.spec.ts',
  'client/a11y.spec.ts',
  'client/duties.spec.ts',
  'client/security.spec.ts',
  'client/developer-apps.spec.ts',
  'client/returns.spec.ts',
  'client/investment-stats.spec.ts',
  'console/corporate-actions.spec.ts',
  'client/loan.spec.ts',
  'client/where-is-my-money.spec.ts',
  'client/transfer-in.spec.ts',
  'console/duties.spec.ts',
  'console/settlement.spec.ts',
  'console/loan-servicing.spec.ts',
  'console/console-phone.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A spec's journey takes 5–20 s on a quiet box; CI boxes here have run the same suite up to
  // three times slower (two shards, each a browser, a server and PostgreSQL on 2 cores).
  // An expectation waits for a positive sign, so a longer wait costs nothing on a quiet box; on
  // a slow one (2026-11-30: the IPO tab's list still loading after 10 s) it is what passes.
  // Stop 44's box ran the longest journeys (screens in light and dark at both sizes) past 120 s,
  // and session 22's (a build beside the run) took over 20 s to draw the Hindi deposit drawer.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A failed test keeps its trace — every action with its timing, the console and the network —
    // without the screencast or the DOM snapshot at each action. On Chromium 156 the screencast
    // made the GPU process composite and the browser encode a frame for every paint of every test
    // (funds.spec: 33 s with it, 26 s without, 21 s with no trace); the snapshots, serialised by
    // the page at every action of every passing test, were a fifth of Chromium's CPU (three specs:
    // 89–93 s of Chromium CPU with them, 75 s without, 73 s with no trace). The failure's
    // screenshot is still taken.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    // As a reader who asked for less motion (the apps honour it): no test waits out a slide or
    // a fade, and Chromium draws fewer frames on the 2-core box.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        // Chromium 156's headless mode opens the omnibox's popup ("AI mode") as a WebUI renderer
        // for every window — one a test — each taking a fifth to a third of a core as it starts.
        // One --disable-features holds Playwright's own list too, so that list stays in force
        // whether Chromium merges a repeated switch or keeps only the last.
        `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP].join(',')}`,
      ],
    },
  },
  projects: [
    // Tests tagged for one size only run at that size (no skipped entries in the report).
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { viewport: { width: 1440, height: 900 } },
    },
    {
      // At 375 px only the specs whose screens lay out differently on a phone.
      name: 'phone',
      testMatch: PHONE_SPECS,
      grepInvert: /@desktop-only/,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR },
  },
});
