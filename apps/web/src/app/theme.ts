import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';
import { i18n } from '../lib/i18n';

export const theme = createTheme({
  primaryColor: 'teal',
  // Teal-9 on a light page: links and white button labels on it read at 5:1 (teal-7 at 3.1:1).
  primaryShade: { light: 9, dark: 5 },
  // A filled control's label black or white, whichever reads on its colour (teal-5 in dark).
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // A reader who asked their system for less motion gets drawers and modals without the slide
  // (WCAG 2.3.3); the browser tests ask for it too, so they never wait out an animation.
  respectReducedMotion: true,
  // Icon-only close and clear buttons (drawers, modals, toasts, date fields) are named in the
  // reader's language: axe's button-name found them nameless (issue 31). A function, read at
  // each render, so the theme never changes with the language or a loaded bundle.
  components: {
    CloseButton: { defaultProps: () => ({ 'aria-label': i18n.t('close') }) },
    InputClearButton: { defaultProps: () => ({ 'aria-label': i18n.t('input.clear') }) },
  },
});

/**
 * Secondary ("dimmed") text a shade darker on a light page than Mantine's gray-6, which reads at
 * 3.3:1 on white: gray-7 passes WCAG AA for small text on white and on the page's gray.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7]!,
    // Placeholders (gray-5, 2.1:1) read at 4.7:1 on a white field and still look unfilled.
    '--mantine-color-placeholder': '#6c757d',
    ...readableLightVariants(resolved),
    ...darkerFilledHover(resolved),
  },
  dark: {},
});

const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

/**
 * "light" buttons, badges and the active nav item draw shade 9 on shade 1, which reads below
 * WCAG AA for teal (4.3:1), green, orange and yellow (2.7:1): their text is darkened until it
 * reads at 4.6:1 on shade 1 (axe color-contrast, issue 31).
 */
export function readableLightVariants(resolved: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(resolved.colors)) {
    let text = shades[9];
    for (let amount = 0.05; contrast(text, shades[1]) < 4.6 && amount < 0.6; amount += 0.05)
      text = darken(shades[9], amount);
    if (text !== shades[9]) variables[`--mantine-color-${name}-light-color`] = text;
  }
  return variables;
}

/**
 * Mantine hovers a filled control of shade 9 with shade 8, a lighter one: a white label on a
 * hovered teal button read at 3.9:1 (axe color-contrast, a transfer-in spec with the pointer
 * still on its button). The primary colour's hover is shade 9 darkened instead.
 */
export function darkerFilledHover(resolved: MantineTheme): Record<string, string> {
  const hover = darken(resolved.colors[resolved.primaryColor]![9], 0.15);
  return {
    '--mantine-primary-color-filled-hover': hover,
    [`--mantine-color-${resolved.primaryColor}-filled-hover`]: hover,
  };
}
