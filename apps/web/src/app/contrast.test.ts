/**
 * Text colours on a light page read at WCAG AA for small text (4.5:1) on white cards and on the
 * page's gray: gains, losses, the brand, links and buttons, and secondary ("dimmed") text.
 * The shades used before, Mantine's darkest green among them, fell short (Lighthouse's
 * colour-contrast audit on /login and Home).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME, getPrimaryShade, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const css = readFileSync(path.join(import.meta.dirname, 'global.css'), 'utf8');
/** The light page's own variables: the first `:root { … }` block. */
const lightRoot = css.match(/:root \{([^}]*)\}/)![1]!;

/** `var(--mantine-color-red-9)` or `#237a35` → hex. */
function resolve(value: string) {
  const palette = value.match(/var\(--mantine-color-(\w+)-(\d)\)/);
  if (palette) return merged.colors[palette[1]!]![Number(palette[2])]!;
  return value;
}

const variable = (name: string) => {
  const value = lightRoot.match(new RegExp(`${name}:\\s*([^;]+);`))?.[1];
  if (!value) throw new Error(`${name} is not set on :root`);
  return resolve(value.trim());
};

/** WCAG's contrast ratio, from Mantine's relative luminance. */
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const WHITE = '#ffffff';
const PAGE = merged.colors.gray[0]!;

describe('text colours on a light page', () => {
  const colours = {
    gain: variable('--sampada-up'),
    loss: variable('--sampada-down'),
    brand: variable('--sampada-brand'),
    dimmed: cssVariablesResolver(merged).light['--mantine-color-dimmed']!,
    // Links, and the white labels of filled buttons on it.
    primary: merged.colors[merged.primaryColor]![getPrimaryShade(merged, 'light')]!,
    // The same labels with the pointer on the button.
    'primary hovered': cssVariablesResolver(merged).light['--mantine-primary-color-filled-hover']!,
  };
  for (const [name, colour] of Object.entries(colours))
    it(`${name} reads at 4.5:1 or more on white and on the page's gray`, () => {
      expect(contrast(colour, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, PAGE)).toBeGreaterThanOrEqual(4.5);
    });
});
