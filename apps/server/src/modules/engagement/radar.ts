/**
 * The client radar (issue 18): five scores from 0 to 100 from the client's own holdings and
 * trades, each with a sentence giving the figures it came from. Pure: the caller passes the
 * facts and the daily closes of the held symbols and of the NIFTY 50.
 */
import { formatPaise, type TRadarScore, daysInMs } from '@sampada/shared';
import type { DailyClose, FillFact, HoldingFact } from './facts.ts';

export const RADAR_ACTIVITY_DAYS = 90;
export const RADAR_VOLATILITY_DAYS = 60;
const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const pct = (n: number) => `${n.toFixed(1)}%`;

export type RadarInput = {
  now: Date;
  holdings: HoldingFact[];
  fills: FillFact[];
  filledOrdersByType: Record<string, number>;
  /** Daily closes by held symbol, oldest first. */
  closes: Map<string, DailyClose[]>;
  nifty: DailyClose[];
};

/** Effective number of sectors (1 / Herfindahl index of sector weights): 5 or more scores 100. */
export function diversification(holdings: HoldingFact[]): TRadarScore {
  const bySector = new Map<string, bigint>();
  let total = 0n;
  for (const h of holdings) {
    if (h.valuePaise <= 0n) continue;
    const sector = h.sector ?? 'Other';
    bySector.set(sector, (bySector.get(sector) ?? 0n) + h.valuePaise);
    total += h.valuePaise;
  }
  const base = { axis: 'diversification' as const, label: 'Diversification' };
  if (total === 0n)
    return { ...base, value: 0, explanation: 'Holds no shares, so nothing is diversified yet.' };
  let hhi = 0;
  let largest = 0;
  for (const v of bySector.values()) {
    const w = Number(v) / Number(total);
    hhi += w * w;
    largest = Math.max(largest, w);
  }
  const effective = 1 / hhi;
  return {
    ...base,
    value: clamp(((effective - 1) / 4) * 100),
    explanation: `The holdings span ${bySector.size} sector${bySector.size === 1 ? '' : 's'}, the largest ${pct(largest * 100)} of their value: like ${effective.toFixed(1)} equal sectors (1 scores 0, 5 or more score 100).`,
  };
}

/** Trades in the last 90 days: 5 points each, 20 or more score 100. */
export function activity(fills: FillFact[], now: Date): TRadarScore {
  const since = now.getTime() - daysInMs(RADAR_ACTIVITY_DAYS);
  const recent = fills.filter((f) => f.executedAt.getTime() >= since).length;
  return {
    axis: 'activity',
    label: 'Activity',
    value: clamp(recent * 5),
    explanation: `${recent} trade${recent === 1 ? '' : 's'} filled in the last ${RADAR_ACTIVITY_DAYS} days (5 points each; 20 or more score 100).`,
  };
}

/** Annualised standard deviation of daily returns, or null with fewer than 5 returns. */
export function annualVolatility(closes: DailyClose[]): number | null {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const prev = closes[i - 1]!.close;
    if (prev > 0) returns.push(closes[i]!.close / prev - 1);
  }
  if (returns.length < 5) return null;
  const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
  const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(252);
}

/** Value-weighted annualised volatility of the holdings: 50% a year or more scores 100. */
export function risk(holdings: HoldingFact[], closes: Map<string, DailyClose[]>): TRadarScore {
  let weighted = 0;
  let weight = 0;
  let unmeasured = 0;
  for (const h of holdings) {
    if (h.valuePaise <= 0n) continue;
    const vol = annualVolatility(closes.get(h.symbol) ?? []);
    if (vol === null) {
      unmeasured++;
      continue;
    }
    weighted += vol * Number(h.valuePaise);
    weight += Number(h.valuePaise);
  }
  const base = { axis: 'risk' as const, label: 'Risk' };
  if (weight === 0)
    return {
      ...base,
      value: 0,
      explanation:
        unmeasured > 0
          ? 'The holdings have too little daily price history to measure their swings yet.'
          : 'Holds no shares, so the portfolio carries no market risk.',
    };
  const vol = weighted / weight;
  return {
    ...base,
    value: clamp((vol / 0.5) * 100),
    explanation: `The holdings' daily prices over the last ${RADAR_VOLATILITY_DAYS} trading days swing ${pct(vol * 100)} a year, weighted by value (higher is riskier; 50% or more scores 100).`,
  };
}

/**
 * The client's return since their first trade (realised + unrealised − charges, over what
 * they bought) against the NIFTY 50's over the same days: level = 50, each point ahead +2.5.
 */
export function relativeReturn(
  holdings: HoldingFact[],
  fills: FillFact[],
  nifty: DailyClose[],
): TRadarScore {
  const base = { axis: 'return' as const, label: 'Return vs NIFTY 50' };
  const buys = fills.filter((f) => f.side === 'buy');
  if (buys.length === 0)
    return { ...base, value: 0, explanation: 'No trades yet, so there is no return to compare.' };
  const first = Math.min(...fills.map((f) => f.executedAt.getTime()));
  const bought = buys.reduce((s, f) => s + f.valuePaise, 0n);
  const realised = fills.reduce((s, f) => s + f.realisedPaise, 0n);
  const charges = fills.reduce((s, f) => s + f.chargesPaise, 0n);
  const unrealised = holdings.reduce((s, h) => s + h.valuePaise - h.investedPaise, 0n);
  const gain = realised + unrealised - charges;
  const own = (Number(gain) / Number(bought)) * 100;
  const start = [...nifty].reverse().find((c) => c.time * 1000 <= first) ?? nifty[0];
  const end = nifty.at(-1);
  if (!start || !end || start.close <= 0)
    return {
      ...base,
      value: clamp(50 + own * 2.5),
      explanation: `Made ${formatPaise(gain)} (${pct(own)}) on ${formatPaise(bought)} bought; the NIFTY 50 has no history for the period, so it counts as flat.`,
    };
  const index = (end.close / start.close - 1) * 100;
  return {
    ...base,
    value: clamp(50 + (own - index) * 2.5),
    explanation: `Since the first trade: ${pct(own)} on what was bought (${formatPaise(gain)} after charges) while the NIFTY 50 moved ${pct(index)}: level scores 50, each point ahead adds 2.5.`,
  };
}

/**
 * Half for limits used (orders placed as limit or stop orders, out of all filled), half for
 * losses cut (sells at a loss of at most 10%, out of those plus holdings now down over 10%).
 */
export function discipline(
  holdings: HoldingFact[],
  fills: FillFact[],
  byType: Record<string, number>,
): TRadarScore {
  const base = { axis: 'discipline' as const, label: 'Discipline' };
  const traded = Object.entries(byType)
    .filter(([type]) => type !== 'ipo')
    .reduce((s, [, n]) => s + n, 0);
  if (traded === 0)
    return {
      ...base,
      value: 0,
      explanation: 'No orders filled yet, so there is no discipline to measure.',
    };
  const limited = (byType.limit ?? 0) + (byType.sl ?? 0) + (byType.sl_m ?? 0);
  const limitShare = limited / traded;
  const lossSells = fills.filter((f) => f.side === 'sell' && f.realisedPaise < 0n);
  const cut = lossSells.filter((f) => {
    const cost = f.valuePaise - f.realisedPaise;
    return cost > 0n && Number(-f.realisedPaise) / Number(cost) <= 0.1;
  }).length;
  const letRun = holdings.filter(
    (h) => h.investedPaise > 0n && Number(h.valuePaise) < Number(h.investedPaise) * 0.9,
  ).length;
  const losses = lossSells.length - cut + letRun;
  const cutShare = cut + losses === 0 ? 1 : cut / (cut + losses);
  return {
    ...base,
    value: clamp(limitShare * 50 + cutShare * 50),
    explanation: `${limited} of ${traded} filled orders used a limit or stop (${pct(limitShare * 100)}), and ${cut} of ${cut + losses} losses were cut within 10% (${pct(cutShare * 100)}); each counts for half.`,
  };
}

export function radarOf(input: RadarInput): TRadarScore[] {
  return [
    diversification(input.holdings),
    activity(input.fills, input.now),
    risk(input.holdings, input.closes),
    relativeReturn(input.holdings, input.fills, input.nifty),
    discipline(input.holdings, input.fills, input.filledOrdersByType),
  ];
}
