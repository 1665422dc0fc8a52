/**
 * Heat map colours: green for gains, red for losses, deeper the further the change goes
 * (steps at 0.5, 1, 2 and 3%); grey when flat. The text on each shade is the one that reads at
 * WCAG AA (4.5:1): near-black on the light shades, white on deep red, black on deep green
 * (white on green-6 read at 2.4:1, issue 31).
 */
const STEPS = [0.5, 1, 2, 3];
const SHADES = [3, 5, 6, 8, 9];
const FLAT_BELOW = 0.05;
const DEEP_TEXT = { green: 'var(--mantine-color-black)', red: 'var(--mantine-color-white)' };

export interface THeatColor {
  background: string;
  color: string;
  tone: 'gain' | 'loss' | 'flat';
}

export function heatColor(changePct: number | null | undefined): THeatColor {
  if (
    typeof changePct !== 'number' ||
    !Number.isFinite(changePct) ||
    Math.abs(changePct) < FLAT_BELOW
  ) {
    return {
      background: 'var(--mantine-color-gray-4)',
      color: 'var(--mantine-color-gray-9)',
      tone: 'flat',
    };
  }
  const level = STEPS.filter((step) => Math.abs(changePct) >= step).length;
  const shade = SHADES[level]!;
  const hue = changePct > 0 ? 'green' : 'red';
  return {
    background: `var(--mantine-color-${hue}-${shade})`,
    color: shade < 8 ? 'var(--mantine-color-gray-9)' : DEEP_TEXT[hue],
    tone: changePct > 0 ? 'gain' : 'loss',
  };
}
