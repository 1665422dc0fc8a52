/**
 * Rates and loan-to-value ratios travel as basis points (1050 = 10.50%). Apart from credit.ts
 * and free of zod: the notifications bell on every signed-in screen formats a rate, and
 * importing it from credit.ts took zod into Home's first download.
 */
import { formatTwoDecimals } from './format.ts';
import { percentage, readRupees } from './money.ts';

export const BPS_PER_UNIT = 10_000;

/** Basis points as a percentage number with 2 decimals, for a percent field: 1050 → 10.5. */
export const bpsToPercent = (bps: number) => percentage(bps, BPS_PER_UNIT);

/**
 * A percentage typed with at most 2 decimals to whole basis points, exactly ("10.5" → 1050),
 * or null when it is not one. A percent with 2 decimals is read as rupees are: split at the
 * point, never multiplied as a float.
 */
export function percentToBps(value: unknown): number | null {
  const read = readRupees(value, { allowZero: true, maxPaise: BigInt(BPS_PER_UNIT) });
  return read.ok ? Number(read.paise) : null;
}

/** Basis points as a percentage with 2 decimals: 1050 → "10.50%". */
export const formatBps = (bps: number) => `${formatTwoDecimals(percentage(bps, BPS_PER_UNIT))}%`;
