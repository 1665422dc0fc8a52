/**
 * One financial year's tax P&L from a client's fills (FIFO lots, tax-lots.ts): the lots
 * realised by sells within the year (1 April – 31 March, IST dates), their short- and
 * long-term gains, and the tax those gains would bear at the rates in force on each sell date
 * (CAPITAL_GAINS_RULES) — an estimate: no cess or surcharge, no losses brought forward, no
 * grandfathering. The open lots beside it, valued at today's prices.
 */
import {
  capitalGainsPeriods,
  divideRounded,
  financialYearOf,
  ltcgExemptionOf,
} from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import {
  type LotAdjustment,
  matchLots,
  type OpenLot,
  type RealisedLot,
  type TaxFill,
  termOf,
} from './tax-lots.ts';

export const yearBounds = (year: number) => ({ from: `${year}-04-01`, to: `${year + 1}-03-31` });

/** `pct` (at most one decimal, e.g. '12.5') of `amount`, rounded half up to the paisa. */
const taxAt = (amount: bigint, pct: string) =>
  divideRounded(amount * BigInt(Math.round(Number(pct) * 10)), 1000n);

/** The gains of one part of a year, all sold under the same rates. */
export type RateBucket = { short: bigint; long: bigint; stcgPct: string; ltcgPct: string };

/**
 * Takes up to `budget` off `amounts`, the highest rate first; returns what is left of it.
 * Neither section 70 nor section 112A says which gains a loss or the exemption comes off
 * first when rates differ within a year, so the estimate takes the order that taxes least.
 */
function absorb(amounts: bigint[], pcts: string[], budget: bigint): bigint {
  const order = pcts.map((_, i) => i).sort((a, b) => Number(pcts[b]) - Number(pcts[a]) || a - b);
  let left = budget;
  for (const i of order) {
    const take = amounts[i]! < left ? amounts[i]! : left;
    amounts[i]! -= take;
    left -= take;
  }
  return left;
}

/**
 * Set-off as section 70 has it: a short-term loss sets off short-term gains, then long-term
 * ones; a long-term loss only long-term ones. The year's exemption (section 112A, one limit
 * for the whole year) comes off the long-term gain that remains. Each part is taxed at its
 * own rates.
 */
export function estimateTax(buckets: RateBucket[], exemptionPaise: bigint) {
  const positive = (v: bigint) => (v > 0n ? v : 0n);
  const short = buckets.map((b) => positive(b.short));
  const long = buckets.map((b) => positive(b.long));
  const stPcts = buckets.map((b) => b.stcgPct);
  const ltPcts = buckets.map((b) => b.ltcgPct);
  let shortLoss = buckets.reduce((s, b) => s + positive(-b.short), 0n);
  let longLoss = buckets.reduce((s, b) => s + positive(-b.long), 0n);
  const shortLossBefore = shortLoss;
  const longLossBefore = longLoss;
  shortLoss = absorb(short, stPcts, shortLoss);
  const shortAgainstShort = shortLossBefore - shortLoss;
  const shortLossLeft = shortLoss;
  shortLoss = absorb(long, ltPcts, shortLoss);
  longLoss = absorb(long, ltPcts, longLoss);
  absorb(long, ltPcts, exemptionPaise);
  const parts = buckets.map((b, i) => ({
    shortTaxable: short[i]!,
    longTaxable: long[i]!,
    shortTax: taxAt(short[i]!, b.stcgPct),
    longTax: taxAt(long[i]!, b.ltcgPct),
  }));
  const sum = (pick: (p: (typeof parts)[number]) => bigint) =>
    parts.reduce((s, p) => s + pick(p), 0n);
  return {
    parts,
    shortTaxable: sum((p) => p.shortTaxable),
    longTaxable: sum((p) => p.longTaxable),
    shortTax: sum((p) => p.shortTax),
    longTax: sum((p) => p.longTax),
    totalTax: sum((p) => p.shortTax + p.longTax),
    shortLoss,
    longLoss,
    /** What set-off took: short-term loss off short-term gains, then off long-term ones. */
    setOff: {
      shortAgainstShort,
      shortAgainstLong: shortLossLeft - shortLoss,
      longAgainstLong: longLossBefore - longLoss,
    },
  };
}

const sumOf = (lots: RealisedLot[], pick: (r: RealisedLot) => bigint) =>
  lots.reduce((s, r) => s + pick(r), 0n);

export type OpenLotValued = OpenLot & {
  pricePaise: bigint;
  valuePaise: bigint;
  gainPaise: bigint;
  term: 'short' | 'long';
};

export function taxYear(
  fills: readonly TaxFill[],
  year: number,
  now: Date,
  /** Today's price of a scrip; null values the lot at its cost. */
  priceOf: (symbol: string) => bigint | null,
  adjustments: readonly LotAdjustment[] = [],
) {
  const { realised: all, open, intraday: allIntraday } = matchLots(fills, adjustments);
  const realised = all.filter((r) => financialYearOf(istDateOf(r.soldAt)) === year);
  const intraday = allIntraday.filter((t) => financialYearOf(t.day) === year);
  const shortTerm = sumOf(
    realised.filter((r) => r.term === 'short'),
    (r) => r.gainPaise,
  );
  const longTerm = sumOf(
    realised.filter((r) => r.term === 'long'),
    (r) => r.gainPaise,
  );
  const periods = gainsByPeriod(realised, year);
  const exemption = BigInt(ltcgExemptionOf(year));
  const estimate = estimateTax(
    periods.map((p) => ({
      short: p.short,
      long: p.long,
      stcgPct: p.rule.stcg_rate_pct,
      ltcgPct: p.rule.ltcg_rate_pct,
    })),
    exemption,
  );
  const { parts, ...totals } = estimate;
  return {
    realised,
    intraday,
    scrips: scripTotals(realised),
    summary: {
      shortTerm,
      longTerm,
      charges: sumOf(realised, (r) => r.chargesPaise),
      dp: sumOf(realised, (r) => r.dpPaise),
      stt: sumOf(realised, (r) => r.sttPaise),
      speculative: intraday.reduce((s, t) => s + t.resultPaise, 0n),
      intradayTurnover: intraday.reduce((s, t) => s + t.sellValuePaise, 0n),
      turnover: sumOf(realised, (r) => r.proceedsPaise),
    },
    estimate: {
      ...totals,
      exemption,
      /** The rules in force on the year's last day. */
      rule: periods.at(-1)!.rule,
      periods: periods.map((p, i) => ({ ...p, ...parts[i]! })),
    },
    open: valueOpenLots(open, now, priceOf),
    years: yearsWithFills(fills, now),
  };
}

/** The year's short- and long-term gains in each part sold under the same rates. */
function gainsByPeriod(realised: RealisedLot[], year: number) {
  return capitalGainsPeriods(year).map((p) => {
    const lots = realised.filter((r) => {
      const day = istDateOf(r.soldAt);
      return p.from <= day && day <= p.to;
    });
    return {
      from: p.from,
      to: p.to,
      rule: p.rule,
      short: sumOf(
        lots.filter((r) => r.term === 'short'),
        (r) => r.gainPaise,
      ),
      long: sumOf(
        lots.filter((r) => r.term === 'long'),
        (r) => r.gainPaise,
      ),
    };
  });
}

/** Each scrip's short- and long-term gains and charges, by symbol. */
function scripTotals(realised: RealisedLot[]) {
  const scrips = new Map<string, { short: bigint; long: bigint; charges: bigint }>();
  for (const r of realised) {
    const s = scrips.get(r.symbol) ?? { short: 0n, long: 0n, charges: 0n };
    if (r.term === 'short') s.short += r.gainPaise;
    else s.long += r.gainPaise;
    s.charges += r.chargesPaise;
    scrips.set(r.symbol, s);
  }
  return [...scrips.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function valueOpenLots(
  open: OpenLot[],
  now: Date,
  priceOf: (symbol: string) => bigint | null,
): OpenLotValued[] {
  return open.map((lot) => {
    const price = priceOf(lot.symbol) ?? lot.costPaise / BigInt(lot.quantity);
    const value = price * BigInt(lot.quantity);
    return {
      ...lot,
      pricePaise: price,
      valuePaise: value,
      gainPaise: value - lot.costPaise - (lot.chargesPaise - lot.sttPaise),
      term: termOf(lot.boughtAt, now),
    };
  });
}

/** The financial years from now back to the first with a fill, latest first. */
function yearsWithFills(fills: readonly TaxFill[], now: Date): number[] {
  const firstYear = fills.length
    ? Math.min(...fills.map((f) => financialYearOf(istDateOf(f.executedAt))))
    : financialYearOf(istDateOf(now));
  const years: number[] = [];
  for (let y = financialYearOf(istDateOf(now)); y >= firstYear; y--) years.push(y);
  return years;
}
export type TaxYear = ReturnType<typeof taxYear>;
