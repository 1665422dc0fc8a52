import { luminance, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableLightVariants, theme } from './theme';

const ratio = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

describe('readableLightVariants', () => {
  const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = readableLightVariants(resolved);

  it('gives every light variant text that reads at AA on its background and on its hover', () => {
    for (const [name, shades] of Object.entries(resolved.colors)) {
      const text = variables[`--mantine-color-${name}-light-color`] ?? shades[9];
      // Shade 1 is a light badge's or button's background; shade 2 its hover — the current
      // page's sidebar link under the pointer (axe found indigo at 4.1:1 there).
      expect(ratio(text, shades[1]), `${name} on shade 1`).toBeGreaterThanOrEqual(4.5);
      expect(ratio(text, shades[2]), `${name} on shade 2`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
