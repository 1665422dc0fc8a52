/**
 * GET /stat/app/v1/returns for one client: their fills (trading's, the ledger's trades), shares
 * transferred in and dividends on record, valued at the market's daily closes (today at the live price), against
 * the benchmark index's closes. Nothing is stored: every answer is computed from the source.
 */
import { shareFactor, type ShareRatio, type TReturns } from '@sampada/shared';
import type { Clock } from '../../platform/clock.ts';
import { istDateOf } from '../../platform/ist.ts';
import type { TradingService } from '../trading/service.ts';
import { adjustmentDay } from './holdings-by-day.ts';
import { type CloseOf, computeReturns, type DividendIn } from './returns-math.ts';
import type { XirrResult } from './xirr.ts';

/** Each scrip's daily closes by IST day, oldest first (market/daily-closes-cache.ts). */
export type DailyCloses = (
  symbols: string[],
) => Promise<ReadonlyMap<string, readonly { day: string; close: number }[]>>;

export type ReturnsDeps = {
  clock: Clock;
  trading: Pick<
    TradingService,
    'taxFillsOf' | 'lotAdjustmentsOf' | 'instrumentOf' | 'lastPriceOf' | 'nameOf'
  >;
  dailyCloses: DailyCloses;
  dividendsOf: (clientId: string) => Promise<DividendIn[]>;
  /** Each symbol's applied splits, consolidations and bonuses (corporate-actions.ts). */
  ratiosOf: (symbols: string[]) => Promise<Map<string, RatioOn[]>>;
};
type RatioOn = { exDate: string; ratio: ShareRatio };

/**
 * A price of `day` as stored (in the shares after every action applied since, decision 051)
 * turned back into the shares held that day, which the positions count (holdings-by-day.ts):
 * × num / den for each action whose ex-date is after `day`, to the nearest paisa.
 */
export function inSharesOfDay(price: number, ratios: readonly RatioOn[], day: string): number {
  let scaled = price;
  for (const { exDate, ratio } of ratios) {
    if (exDate <= day) continue;
    const { num, den } = shareFactor(ratio);
    scaled = (scaled * num) / den;
  }
  return scaled === price ? price : Math.round(scaled);
}

const rateView = (r: XirrResult) =>
  r.computable
    ? { computable: true, rate: r.rate, reason: null }
    : { computable: false, rate: null, reason: r.reason };

type Series = readonly { day: string; close: number }[];

/** Whether `day` falls on the close at `at` (that close is the latest on or before it). */
function covers(series: Series, at: number, day: string): boolean {
  if (at < 0 || at >= series.length || series[at]!.day > day) return false;
  const next = series[at + 1];
  return next === undefined || next.day > day;
}
const NO_CLOSES: Series = [];

/**
 * The close on `day` or the latest before it. The series walks the days forward, so each
 * scrip's last position is tried first, then the next; otherwise a binary search.
 */
export function closeFinder() {
  const positions = new Map<Series, number>();
  return (series: Series, day: string): number | null => {
    const last = positions.get(series) ?? -1;
    let at = covers(series, last, day) ? last : covers(series, last + 1, day) ? last + 1 : -1;
    if (at < 0) {
      let lo = 0;
      let hi = series.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (series[mid]!.day <= day) [at, lo] = [mid, mid + 1];
        else hi = mid - 1;
      }
    }
    if (at < 0) return null;
    positions.set(series, at);
    return series[at]!.close;
  };
}

const CAP_BANDS: Record<string, string> = {
  nifty50: 'Large cap',
  midcap: 'Mid cap',
  smallcap: 'Small cap',
};

function allocationOf(
  holdings: { symbol: string; value: number }[],
  group: (symbol: string) => string,
) {
  const total = holdings.reduce((s, h) => s + h.value, 0);
  const sums = new Map<string, number>();
  for (const h of holdings) sums.set(group(h.symbol), (sums.get(group(h.symbol)) ?? 0) + h.value);
  return [...sums]
    .map(([name, value]) => ({ name, value_paise: value, weight: total > 0 ? value / total : 0 }))
    .sort((a, b) => b.value_paise - a.value_paise || a.name.localeCompare(b.name));
}

type Computed = ReturnType<typeof computeReturns>;
type Names = Awaited<ReturnType<ReturnsDeps['trading']['nameOf']>>;

/** The answer's shape: the computation's figures as the wire has them, with names and bands. */
function returnsView(
  r: Computed,
  at: { from: string; to: string; benchmark: string; names: Names; now: Date },
  instrument: ReturnsDeps['trading']['instrumentOf'],
): TReturns {
  const { names } = at;
  const held = r.perScrip.filter((h) => h.value > 0);
  return {
    from: at.from,
    to: at.to,
    benchmark: at.benchmark,
    xirr: rateView(r.xirr),
    twr: r.twr,
    value_paise: r.value,
    income: {
      realised_paise: Number(r.income.realisedPaise),
      unrealised_paise: Number(r.income.unrealisedPaise),
      dividend_paise: Number(r.income.dividendPaise),
    },
    benchmark_result: { xirr: rateView(r.benchmark.xirr), value_paise: r.benchmark.value },
    holdings: r.perScrip.map((h) => ({
      symbol: h.symbol,
      name: names.get(h.symbol) ?? h.symbol,
      xirr: rateView(h.xirr),
      value_paise: h.value,
    })),
    series: r.series.map((p) => ({
      day: p.day,
      value_paise: p.value,
      benchmark_paise: p.benchmark,
      invested_paise: p.invested,
    })),
    allocation: {
      sector: allocationOf(held, (s) => instrument(s)?.sector ?? 'Other'),
      market_cap: allocationOf(held, (s) => CAP_BANDS[instrument(s)?.segment ?? ''] ?? 'Other'),
    },
    as_of: at.now.toISOString(),
  };
}

export async function returnsOf(
  deps: ReturnsDeps,
  clientId: string,
  query: { from?: string | undefined; to?: string | undefined; benchmark: string },
): Promise<TReturns> {
  const { trading } = deps;
  const now = deps.clock.now();
  const today = istDateOf(now);
  const [fills, adjustments, dividends] = await Promise.all([
    trading.taxFillsOf(clientId),
    trading.lotAdjustmentsOf(clientId),
    deps.dividendsOf(clientId),
  ]);
  // Shares transferred in count from their original trades (decision 060).
  const firstDay = [
    ...(fills.length ? [istDateOf(fills[0]!.executedAt)] : []),
    ...adjustments.filter((a) => a.kind === 'transfer_in').map(adjustmentDay),
    today,
  ].sort()[0]!;
  const to = query.to && query.to < today ? query.to : today;
  const from = query.from ?? firstDay;
  const symbols = [
    ...new Set([
      ...fills.map((f) => f.symbol),
      ...adjustments.flatMap((a) => a.newSymbol ?? []),
      ...adjustments.filter((a) => a.kind === 'transfer_in').map((a) => a.symbol),
    ]),
  ];
  const [series, ratios] = await Promise.all([
    deps.dailyCloses([...symbols, query.benchmark]),
    deps.ratiosOf(symbols),
  ]);
  const lookup = closeFinder();
  const closeOf: CloseOf = (symbol, day) => {
    const price =
      (day >= today ? trading.lastPriceOf(symbol) : null) ??
      lookup(series.get(symbol) ?? NO_CLOSES, day);
    return price === null ? null : inSharesOfDay(price, ratios.get(symbol) ?? [], day);
  };
  const r = computeReturns({
    fills,
    adjustments,
    dividends,
    from,
    to,
    closeOf,
    benchmark: {
      symbol: query.benchmark,
      days: (series.get(query.benchmark) ?? []).map((c) => c.day),
    },
  });
  const names = await trading.nameOf(r.perScrip.map((h) => h.symbol));
  return returnsView(r, { from, to, benchmark: query.benchmark, names, now }, (s) =>
    trading.instrumentOf(s),
  );
}
