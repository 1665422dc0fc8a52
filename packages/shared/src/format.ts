/** Numbers on screen (spec §9, domain.md "Numbers on screen"). Money in paise is bigint-safe. */
const inr2 = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹12,34,567.89 — full amounts in Indian grouping with 2 decimals. */
export const formatInr = (rupees: number) => inr2.format(rupees);

/** Paise (integer) to a rupee string with Indian grouping, without float drift. */
export function formatPaise(paise: bigint | number): string {
  const value = BigInt(paise);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const rupees = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  const grouped = new Intl.NumberFormat('en-IN').format(rupees);
  return `${negative ? '-' : ''}₹${grouped}.${fraction}`;
}

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
    if (abs >= size) return `${(value / size).toFixed(3)}${suffix}`;
  }
  return value.toFixed(3);
}

/** Lakh and crore, written by hand because Intl's compact en-IN says 'KCr' (domain.md). */
export function formatLakhCrore(rupees: number): string {
  const abs = Math.abs(rupees);
  const grouped = (n: number) =>
    new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      n,
    );
  if (abs >= 1e7) return `₹${grouped(rupees / 1e7)} Cr`;
  if (abs >= 1e5) return `₹${grouped(rupees / 1e5)} L`;
  return `₹${grouped(rupees)}`;
}
