/**
 * The returns screen's pure rules: the periods it offers (each a start day counted back from
 * today in IST; the server ends every window today), rates as percentages, and XIRR's reasons
 * in the reader's language.
 */
import { addIstDays, istToday, XIRR_REASONS, type TRate } from '@sampada/shared';

export const PERIODS = ['3m', '6m', '1y', '3y', 'all'] as const;
export type TPeriod = (typeof PERIODS)[number];
const DAYS_BACK: Record<Exclude<TPeriod, 'all'>, number> = {
  '3m': 91,
  '6m': 182,
  '1y': 365,
  '3y': 1095,
};

/** The `from` the API is asked for: null means since the client's first trade. */
export const fromOf = (period: TPeriod, now: Date = new Date()): string | null =>
  period === 'all' ? null : addIstDays(istToday(now), -DAYS_BACK[period]);

const percent = new Intl.NumberFormat('en-IN', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const points = new Intl.NumberFormat('en-IN', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 0.1234 → '+12.34%' (a fraction, as the API sends it). */
export const formatRate = (rate: number) => percent.format(rate);

/** The gap between two rates in percentage points: 0.0321 → '3.21'. */
export const formatPoints = (gap: number) =>
  points
    .formatToParts(Math.abs(gap))
    .filter((part) => part.type !== 'percentSign')
    .map((part) => part.value)
    .join('')
    .trim();

/** The i18n key of a known reason; another text (a newer server's) is shown as it came. */
export function reasonKey(reason: string | null) {
  const found = (Object.keys(XIRR_REASONS) as (keyof typeof XIRR_REASONS)[]).find(
    (key) => XIRR_REASONS[key] === reason,
  );
  return found ? (`reasons.${found}` as const) : null;
}

/** Ahead of, behind or level with the benchmark, to the hundredth of a point. */
export function comparison(mine: TRate, benchmark: TRate) {
  if (mine.rate === null || benchmark.rate === null) return null;
  const gap = mine.rate - benchmark.rate;
  const shown = formatPoints(gap);
  if (shown === '0.00') return { key: 'level', points: shown } as const;
  return { key: gap > 0 ? 'ahead' : 'behind', points: shown } as const;
}
