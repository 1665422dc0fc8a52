import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Indigo-7: links and white button labels read at 5:1 on white and 4.7:1 on a striped row
  // (indigo-6 read at 4.3:1 and 4.1:1; axe color-contrast, issue 31).
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily: 'Inter, "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  cursorType: 'pointer',
  // A reader who asked their system for less motion gets drawers and modals without the slide
  // (WCAG 2.3.3); the browser tests ask for it too, so they never wait out an animation.
  respectReducedMotion: true,
  // Icon-only close and clear buttons (modals, drawers, toasts, fields) carry a name (axe
  // button-name).
  components: {
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
  },
});

const ratio = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

/**
 * Shade 9 on shade 1 ("light" badges and buttons) and on shade 2 (their hover, as under the
 * pointer on the sidebar's current page: 4.1:1, axe), darkened until it reads at 4.6:1 on both.
 */
export function readableLightVariants(resolved: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const reads = (text: string) => Math.min(ratio(text, shades[1]), ratio(text, shades[2]));
    let text = shades[9];
    for (let amount = 0.05; reads(text) < 4.6 && amount < 0.6; amount += 0.05)
      text = darken(shades[9], amount);
    if (text !== shades[9]) variables[`--mantine-color-${name}-light-color`] = text;
  }
  return variables;
}

/**
 * Secondary ("dimmed") text gray-7, not Mantine's gray-6 (3.3:1 on white); "light" variants
 * that read below AA (teal's Approved badge, 4.3:1) get darker text; a field's error message
 * red-8, not red-6 (3.3:1 on white: the Resolve dialog's empty note). All found by axe.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7]!,
    '--mantine-color-error': resolved.colors.red[8]!,
    ...readableLightVariants(resolved),
  },
  dark: {},
});
