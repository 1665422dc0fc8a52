/**
 * The static copies of the first screens (issue 14): what the HTML shows before any script
 * runs. It must be the real screen, not a look-alike.
 */
import { describe, expect, it } from 'vitest';
import { PRERENDER_ATTRIBUTE, prerenderScreens } from './prerender';

const screens = prerenderScreens();
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
