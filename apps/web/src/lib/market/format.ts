import {
  formatCompact,
  formatCompactTick,
  formatIndianCompact,
  formatInr,
  formatLakhCrore,
} from '@sampada/shared';
import { type TNumberStyle, useAppSettings } from '../app-settings';

/**
 * Market numbers on screen (spec §9, domain.md "Numbers on screen"): prices in rupees with
 * 2 decimals and Indian grouping, changes with their sign, volumes and market caps compact
 * with 3 decimals. A value the server did not send reads as a dash, never as zero.
 */
export const NO_VALUE = '—';

/** What a hidden amount shows while the eye toggle is off. */
export const MASKED = '****';

export type TDirection = 'up' | 'down' | 'flat';

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * A change as shown, to 2 decimals: -0.004 reads 0.00, so it is neither signed nor coloured
 * (issue 31: a zero read like a loss, "-0.00%"). Paise are whole, so their sign is unchanged.
 */
const shown = (change: number) => Math.round(Math.abs(change) * 100) * Math.sign(change);

export const changeDirection = (change: number | null | undefined): TDirection =>
  !isNumber(change) || shown(change) === 0 ? 'flat' : change > 0 ? 'up' : 'down';

/** ₹2,456.10 */
export const formatPrice = (price: number | null | undefined) =>
  isNumber(price) ? formatInr(price) : NO_VALUE;

const plain2 = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An index level has no currency: 81,234.56 (one formatter: making one is dear, per tick). */
export const formatPoints = (value: number | null | undefined) =>
  isNumber(value) ? plain2.format(value) : NO_VALUE;

/** +12.50, -3.05, 0.00 */
export function formatSignedChange(change: number | null | undefined): string {
  if (!isNumber(change)) return NO_VALUE;
  const direction = changeDirection(change);
  const sign = direction === 'up' ? '+' : direction === 'down' ? '-' : '';
  return `${sign}${plain2.format(Math.abs(change))}`;
}

/** +1.23%, -0.40%, 0.00% */
export const formatChangePct = (pct: number | null | undefined) =>
  isNumber(pct) ? `${formatSignedChange(pct)}%` : NO_VALUE;

/**
 * 12.346M: volumes, traded values and market caps (spec §9 compact form); with the lakh and
 * crore preference 19.13 L.
 */
export const formatCompactNumber = (
  value: number | null | undefined,
  style: TNumberStyle = 'international',
) =>
  !isNumber(value)
    ? NO_VALUE
    : style === 'indian'
      ? formatIndianCompact(value)
      : formatCompact(value);

/** ₹1.234T; with the lakh and crore preference ₹1,912.95 Cr (never 'KCr'). */
export const formatCompactRupees = (
  value: number | null | undefined,
  style: TNumberStyle = 'international',
) =>
  !isNumber(value)
    ? NO_VALUE
    : style === 'indian'
      ? formatLakhCrore(value)
      : `₹${formatCompact(value)}`;

/** A chart axis's rupees: ₹150k, not ₹150.000k; the lakh and crore form as it is. */
export const formatRupeesTick = (rupees: number, style: TNumberStyle = 'international') =>
  style === 'indian' ? formatLakhCrore(rupees) : `₹${formatCompactTick(rupees)}`;

/** The compact formatters in the reader's chosen style; re-renders when it changes. */
export function useCompactFormat() {
  return COMPACT[useAppSettings().numberStyle];
}

/** The same functions for a style every time, so what is built from them can be kept. */
const compactFor = (style: TNumberStyle) => ({
  number: (value: number | null | undefined) => formatCompactNumber(value, style),
  rupees: (value: number | null | undefined) => formatCompactRupees(value, style),
  rupeesTick: (rupees: number) => formatRupeesTick(rupees, style),
});
const COMPACT: Record<TNumberStyle, ReturnType<typeof compactFor>> = {
  international: compactFor('international'),
  indian: compactFor('indian'),
};

/** Indices are quoted in points, everything else in rupees. */
export const formatQuotePrice = (price: number | null | undefined, market: string) =>
  market === 'INDEX' ? formatPoints(price) : formatPrice(price);
