/**
 * Portfolio › Investment Stats for the seeded demo client (months of buying), at 1440 px and
 * at 375 px (issue 31): the month chart fills its card with a rupee axis and months along the
 * bottom, the allocation by sector and by market cap fits with a legend that is not cut off,
 * nothing is wider than the screen and axe finds nothing serious.
 */
import { violations, settled } from '../support/axe';
import { expect, screenshot, signIn, test } from './fixtures';
import { picture } from '../support/pictures';

const DEMO = { mobile: '9876543210', password: 'demo1234', name: 'Priya Sharma' };

test('[CLIENT][PORTFOLIO]: Investment Stats draws its months across the card against a rupee axis, and the allocation fits, at both sizes', async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO);
  await page.goto('/portfolio/stats/investment');
  const stats = page.getByTestId('investment-stats');
  const chart = stats.getByTestId('investment-chart');
  await expect(chart).toBeVisible();
  await settled(page);

  // The chart is as wide as the card it sits in (it once took a quarter of it).
  const card = chart.locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
  const [chartBox, cardBox] = [await chart.boundingBox(), await card.boundingBox()];
  expect(chartBox!.width).toBeGreaterThanOrEqual(0.9 * cardBox!.width);

  // A labelled value axis in rupees, months along the bottom, a summary for screen readers.
  const ticks = chart.getByTestId('investment-chart-tick');
  expect(await ticks.count()).toBeGreaterThanOrEqual(3);
  for (const tick of await ticks.all()) await expect(tick).toHaveText(/^₹\d/);
  await expect(chart).toContainText('Amount in rupees');
  await expect(chart).toContainText('Month (IST)');
  await expect(chart.getByTestId('investment-chart-month').last()).toHaveText(
    /^[A-Z][a-z]{2} \d{4}$/,
  );
  await expect(chart).toHaveAttribute('aria-label', /^Bought and sold by month: .*bought ₹/);

  // Both allocations inside the screen, each legend row's name and figures readable.
  const width = page.viewportSize()!.width;
  for (const testId of ['sector-chart', 'cap-chart']) {
    const allocation = stats.getByTestId(testId);
    await expect(allocation.getByRole('img')).toHaveAttribute('aria-label', /%/);
    const box = (await allocation.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // No legend text cut off, and no name running into its figures.
    const unreadable = await allocation.evaluate((root) =>
      Array.from(root.querySelectorAll('[data-testid*="-row-"]')).flatMap((row) => {
        const [name, figures] = [
          row.children[0]!.querySelector('p')!.getBoundingClientRect(),
          row.children[1]!.getBoundingClientRect(),
        ];
        const texts = Array.from(row.querySelectorAll('p'));
        const spilled = texts.some(
          (p) => p.getBoundingClientRect().right > row.getBoundingClientRect().right + 1,
        );
        const cut = texts.some((p) => p.scrollWidth > p.clientWidth + 1);
        const overlap = name!.bottom > figures!.top && name!.right > figures!.left;
        return spilled || cut || overlap ? [row.textContent] : [];
      }),
    );
    expect(unreadable).toEqual([]);
  }

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  expect(await violations(page, '[data-testid="investment-stats"]')).toEqual([]);
  await screenshot(page, 'investment-stats');
  for (const part of ['investment-chart', 'investment-allocation'])
    await picture(stats.getByTestId(part), `${part}-${testInfo.project.name}.png`);
});
