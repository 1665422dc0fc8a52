/**
 * Heat map colours: green for gains, red for losses, deeper the further the change goes
 * (steps at 0.5, 1, 2 and 3%); grey when flat. Text flips to white on the deep shades so it
 * stays readable.
 */
const STEPS = [0.5, 1, 2, 3];
const SHADES = [3, 5, 6, 8, 9];
const FLAT_BELOW = 0.05;

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
    color: shade >= 6 ? 'var(--mantine-color-white)' : 'var(--mantine-color-gray-9)',
    tone: changePct > 0 ? 'gain' : 'loss',
  };
}
