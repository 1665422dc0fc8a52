/**
 * Portfolio › Returns for the seeded demo client (months of purchases): XIRR against NIFTY 50
 * on the same money, the performance chart and what XIRR means, at 1440 px and at 375 px —
 * nothing wider than the screen and no serious axe violation.
 */
import { dayText as sharedDayText } from '@sampada/shared';
import { type Page } from '@playwright/test';
import { violations, settled } from '../support/axe';
import { clientCall, clientToken, istToday } from '../support/trading';
import { expect, screenshot, signIn, test } from './fixtures';

const DEMO = { mobile: '9876543210', password: 'demo1234', name: 'Priya Sharma' };
/** A rate as the screen writes it: signed, two decimals, per cent. */
const RATE = /^[+-]?\d{1,3}(,\d{2,3})*\.\d{2}%$/;

/** A calendar day as the app writes it: 20 Nov 2026 (the shared rule: Sep, never Sept). */
const dayText = (utcMidnight: Date) => sharedDayText(utcMidnight.toISOString().slice(0, 10));

/** The page, and every table's box, no wider than the screen (decision 020). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth}`);
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth) found.push(`table ${table.innerText.slice(0, 30)}`);
    }
    return found;
  });
}

test('[CLIENT][RETURNS]: the demo client sees their XIRR beside NIFTY 50 on the same money, explained, at both sizes', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // What the API says, to hold the screen to it: both rates are numbers for the demo's buys.
  const token = await clientToken(request, DEMO);
  const api = await clientCall(request, token, 'get', '/stat/app/v1/returns');
  expect(api.xirr.computable, JSON.stringify(api.xirr)).toBe(true);
  expect(api.benchmark_result.xirr.computable).toBe(true);
  expect(api.series.length).toBeGreaterThan(20);

  await signIn(page, DEMO);
  await page.goto('/portfolio/summary');
  await page.getByRole('tab', { name: 'Returns' }).click();
  await expect(page).toHaveURL(/\/portfolio\/returns$/);
  const screen = page.getByTestId('portfolio-returns');

  await expect(screen.getByTestId('returns-xirr')).toHaveText(RATE);
  await expect(screen.getByTestId('returns-benchmark-xirr')).toHaveText(RATE);
  await expect(screen.getByTestId('returns-versus')).toHaveText(
    /percentage points a year (ahead of|behind) NIFTY 50|Level with NIFTY 50/,
  );
  await expect(screen.getByTestId('returns-benchmark-value')).toHaveText(/^₹[\d,]+\.\d{2}$/);
  await expect(screen.getByTestId('returns-window')).toContainText(
    `to ${dayText(new Date(`${istToday()}T00:00:00Z`))} (days in IST)`,
  );
  await expect(screen.getByText(/^Worked out .* (UTC|IST|GMT[+-]?[\d:]*)/)).toBeVisible();
  await expect(
    screen.getByRole('img', { name: /your portfolio went from ₹[\d,.]+ to ₹[\d,.]+/ }),
  ).toBeVisible();
  await expect(screen.getByTestId('returns-explain')).toContainText('What is XIRR?');
  // Each of the demo's seven stocks with its own rate.
  for (const symbol of ['RELIANCE', 'TCS', 'BHARTIARTL'])
    await expect(screen.getByTestId(`returns-holding-${symbol}`)).toContainText('%');

  await settled(page);
  expect(await overflow(page)).toEqual([]);
  expect(await violations(page, '[data-testid="portfolio-returns"]')).toEqual([]);
  await screenshot(page, 'returns-all');

  // A shorter period asks again from its start day (91 days back, IST) and keeps its shape.
  if (testInfo.project.name === 'phone') {
    await screen.getByTestId('returns-period').click();
    await page.getByRole('option', { name: '3 months' }).click();
  } else await screen.getByText('3 months', { exact: true }).click();
  const start = new Date(`${istToday()}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 91);
  await expect(screen.getByTestId('returns-window')).toContainText(`${dayText(start)} to`);
  await expect(screen.getByTestId('returns-xirr')).toHaveText(RATE);
});

test("[CLIENT][RETURNS]: Holdings shows each holding's own XIRR, the returns API's rate", async ({
  page,
}) => {
  await signIn(page, DEMO);
  // The rate the page itself was sent (prices move between two asks on an always-open market).
  const answered = page.waitForResponse((r) => r.url().includes('/stat/app/v1/returns'));
  await page.goto('/portfolio/holding');
  const { data } = (await (await answered).json()) as {
    data: { holdings: { symbol: string; xirr: { rate: number | null } }[] };
  };
  const tcs = data.holdings.find((h) => h.symbol === 'TCS')!;
  expect(tcs.xirr.rate).not.toBeNull();
  // The API's fraction as the screen writes it: +12.34%.
  const shown = new Intl.NumberFormat('en-IN', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(tcs.xirr.rate!);
  await expect(page.getByTestId('holding-xirr-TCS')).toHaveText(shown);
  await settled(page);
  expect(await overflow(page)).toEqual([]);
  expect(await violations(page, '[data-testid="portfolio-holding"]')).toEqual([]);
  await screenshot(page, 'holdings-xirr');
});
