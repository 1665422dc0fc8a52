/** Numbers on screen (spec §9, domain.md "Numbers on screen"). Paise are shown by formatPaise (money.ts). */
const inr2 = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹12,34,567.89 — full amounts in Indian grouping with 2 decimals. */
export const formatInr = (rupees: number) => inr2.format(rupees);

const plain2 = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const compact3 = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
  useGrouping: false,
  signDisplay: 'negative',
});

/** 2.35, 12.50: a ratio or a percentage with 2 decimals (Indian grouping), never money. */
export const formatTwoDecimals = (value: number) => plain2.format(value);

const COMPACT: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** Compact k/M/B/T with 3 decimals (spec §9). */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  for (const [size, suffix] of COMPACT) {
    if (abs >= size) return `${compact3.format(value / size)}${suffix}`;
  }
  return compact3.format(value);
}

/** 150k, 1.5M, 2M: a chart axis's compact form, spec §9's 3 decimals without trailing zeros. */
export const formatCompactTick = (value: number) =>
  formatCompact(value).replace(/\.?0+(?=[kMBT]?$)/, '');

const indian2 = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const indian0 = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * A count in lakh and crore (volumes, the lakh/crore display preference): 19.13 L,
 * 1,912.95 Cr, and below a lakh the whole number in Indian grouping (45,210). Written by hand
 * because Intl's compact en-IN says 'KCr' for thousands of crores (domain.md).
 */
export function formatIndianCompact(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1e7) return `${sign}${indian2.format(abs / 1e7)} Cr`;
  if (abs >= 1e5) return `${sign}${indian2.format(abs / 1e5)} L`;
  return `${sign}${indian0.format(abs)}`;
}

/** Rupees in lakh and crore: ₹19.13 L, ₹1,912.95 Cr, -₹2.50 L; below a lakh ₹45,210.50. */
export function formatLakhCrore(rupees: number): string {
  const abs = Math.abs(rupees);
  const sign = rupees < 0 ? '-' : '';
  if (abs >= 1e7) return `${sign}₹${indian2.format(abs / 1e7)} Cr`;
  if (abs >= 1e5) return `${sign}₹${indian2.format(abs / 1e5)} L`;
  return `${sign}₹${indian2.format(abs)}`;
}
