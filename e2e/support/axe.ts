/** axe-core in the page (issue 31, decision 038): what the a11y specs and screen specs check. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The serious and critical violations on the page (or inside `scope`), as readable lines. */
export async function violations(page: Page, scope?: string) {
  // Legacy mode runs axe in the page itself: the default opens a blank page of its own to
  // merge frame results, which the app's session then follows (no frames here to merge).
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope) builder = builder.include(scope);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary}`),
    );
}

export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  // Skeletons and loading cards gone: what a client reads (the heat map's tiles, not their
  // placeholders), not a frame of an animation.
  await expect(page.locator('.mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
  });
}
