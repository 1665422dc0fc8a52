/**
 * The static copies of the first screens (issue 14): what the HTML shows before any script
 * runs. It must be the real screen, not a look-alike.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEEDS_GREETING_ATTRIBUTE, PRERENDER_ATTRIBUTE, prerenderScreens } from './prerender';

const screens = prerenderScreens();
const globalCss = readFileSync(path.join(import.meta.dirname, '../global.css'), 'utf8');
const parse = (markup: string) => new DOMParser().parseFromString(markup, 'text/html');

describe('the static copy of /login', () => {
  const page = parse(screens['/login']!);

  it('is the sign-in form itself, marked as the copy', () => {
    const copy = page.querySelector(`[${PRERENDER_ATTRIBUTE}="/login"]`);
    // Inert until the app replaces it: its form must never submit natively.
    expect(copy?.hasAttribute('inert')).toBe(true);
    expect(page.querySelector('h1')?.textContent).toBe('Welcome to Sampada');
    const labels = [...page.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Mobile number', 'Password']));
    expect(page.querySelector('input[autocomplete="current-password"]')).not.toBeNull();
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Sign in');
  });

  it('carries Mantine’s CSS variables, so it is styled before the app’s provider runs', () => {
    expect(page.querySelector('style[data-mantine-styles]')?.textContent).toContain(
      '--mantine-primary-color-filled',
    );
  });

  it('leaves the clock blank instead of showing the time of the build', () => {
    expect(page.querySelector('[data-testid="live-clock"]')?.textContent).toBe('\u00a0');
  });
});

describe('the static copy of /dashboard (decision 005, fourth pass)', () => {
  const page = parse(screens['/dashboard']!);

  it('is the signed-in shell around Home with every card loading', () => {
    const copy = page.querySelector(`[${PRERENDER_ATTRIBUTE}="/dashboard"]`);
    expect(copy?.hasAttribute('inert')).toBe(true);
    expect(page.querySelector('header')).not.toBeNull();
    expect(page.querySelector('[data-testid="dashboard-page"] h1')).not.toBeNull();
    for (const card of ['indices-strip', 'assets-card', 'watchlist-preview', 'top-movers']) {
      expect(page.querySelector(`[data-testid="${card}"]`), card).not.toBeNull();
    }
    expect(page.querySelectorAll('[aria-busy="true"]').length).toBeGreaterThanOrEqual(4);
  });

  it('shows only where the device kept the name, and carries the greeting to fill in', () => {
    const copy = page.querySelector(`[${PRERENDER_ATTRIBUTE}="/dashboard"]`);
    expect(copy?.hasAttribute(NEEDS_GREETING_ATTRIBUTE)).toBe(true);
    // The sentence is the app's own translation; the boot script puts the kept name in it.
    expect(page.querySelector('h1')?.getAttribute('data-greeting-template')).toBe(
      'Hello, {{name}}',
    );
  });

  it('reserves the loaded height of each list while it loads (no shift when data arrives)', () => {
    const watchlist = page.querySelector('[data-testid="watchlist-preview"] [aria-busy="true"]');
    // Five quote rows of 56.5 px: Mantine writes mih as a CSS variable or an inline style.
    expect(watchlist?.getAttribute('style')).toMatch(/min-height:\s*calc\(17\.65625rem/);
  });

  it('leaves the cards below the fold unstyled until they come near the viewport (fifth pass)', () => {
    const cards = page.querySelector('[data-render-near-viewport]');
    expect(cards?.querySelector('[data-testid="assets-card"]')).not.toBeNull();
    expect(cards?.querySelector('[data-testid="top-movers"]')).not.toBeNull();
    // The rule lives in the entry's stylesheet, which the page links already.
    expect(globalCss).toMatch(
      /\[data-render-near-viewport\] > \*\s*\{\s*content-visibility: auto;/,
    );
  });
});
