import type { Locator, Page } from '@playwright/test';
import { test } from '@playwright/test';

/**
 * Whether specs save pictures of the screens they pass through (for a reviewer to look at, at
 * both sizes). `.ci/run` turns them off (E2E_SCREENSHOTS=0): a CI run's clone and its
 * test-results are thrown away unread, and the pictures were a large share of the browser's
 * work — phone-reach's demo tour took 45.6 s with its full-page pictures in light and dark and
 * 30.4 s without (Chromium's CPU 48 → 33 s). No assertion depends on a picture.
 */
export const SAVE_PICTURES = process.env.E2E_SCREENSHOTS !== '0';

/**
 * Saves a picture of a page (or of one part of it) as `name` in the test's output folder,
 * unless pictures are off.
 */
export async function picture(of: Page | Locator, name: string, { fullPage = false } = {}) {
  if (!SAVE_PICTURES) return;
  const path = test.info().outputPath(name);
  await ('goto' in of ? of.screenshot({ path, fullPage }) : of.screenshot({ path }));
}
