/**
 * One financial year's tax P&L from a client's fills (FIFO lots, tax-lots.ts): the lots
 * realised by sells within the year (1 April – 31 March, IST dates), their short- and
 * long-term gains, and the tax those gains would bear at the rates in force since 23 July
 * 2024 — an estimate: no cess or surcharge, no losses brought forward, no grandfathering.
 * The open lots beside it, valued at today's prices.
 */
import { divideRounded, financialYearOf, TAX_RULES } from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import { matchLots, type OpenLot, type RealisedLot, type TaxFill, termOf } from './tax-lots.ts';

export const yearBounds = (year: number) => ({ from: `${year}-04-01`, to: `${year + 1}-03-31` });

/** `pct` (at most one decimal, e.g. '12.5') of `amount`, rounded half up to the paisa. */
const taxAt = (amount: bigint, pct: string) =>
  divideRounded(amount * BigInt(Math.round(Number(pct) * 10)), 1000n);

/**
 * Set-off as section 70 has it: a short-term loss sets off short-term gains, then long-term
 * ones; a long-term loss only long-term ones. The exemption of section 112A comes off the
 * long-term gain that remains.
 */
export function estimateTax(shortTerm: bigint, longTerm: bigint) {
  let st = shortTerm;
  let lt = longTerm;
  if (st < 0n && lt > 0n) {
    const used = -st < lt ? -st : lt;
    st += used;
    lt -= used;
  }
  const exemption = BigInt(TAX_RULES.ltcg_exemption_paise);
  const shortTaxable = st > 0n ? st : 0n;
  const longTaxable = lt > exemption ? lt - exemption : 0n;
  const shortTax = taxAt(shortTaxable, TAX_RULES.stcg_rate_pct);
  const longTax = taxAt(longTaxable, TAX_RULES.ltcg_rate_pct);
  return {
    shortTaxable,
    longTaxable,
    shortTax,
    longTax,
    totalTax: shortTax + longTax,
    shortLoss: st < 0n ? -st : 0n,
    longLoss: lt < 0n ? -lt : 0n,
  };
}

export type OpenLotValued = OpenLot & {
  pricePaise: bigint;
  valuePaise: bigint;
  gainPaise: bigint;
  term: 'short' | 'long';
};

export function taxYear(
  fills: TaxFill[],
  year: number,
  now: Date,
  /** Today's price of a scrip; null values the lot at its cost. */
  priceOf: (symbol: string) => bigint | null,
) {
  const { realised: all, open } = matchLots(fills);
  const realised = all.filter((r) => financialYearOf(istDateOf(r.soldAt)) === year);
  const sum = (lots: RealisedLot[], pick: (r: RealisedLot) => bigint) =>
    lots.reduce((s, r) => s + pick(r), 0n);
  const shortTerm = sum(
    realised.filter((r) => r.term === 'short'),
    (r) => r.gainPaise,
  );
  const longTerm = sum(
    realised.filter((r) => r.term === 'long'),
    (r) => r.gainPaise,
  );
  const scrips = new Map<string, { short: bigint; long: bigint; charges: bigint }>();
  for (const r of realised) {
    const s = scrips.get(r.symbol) ?? { short: 0n, long: 0n, charges: 0n };
    if (r.term === 'short') s.short += r.gainPaise;
    else s.long += r.gainPaise;
    s.charges += r.chargesPaise;
    scrips.set(r.symbol, s);
  }
  const valued: OpenLotValued[] = open.map((lot) => {
    const price = priceOf(lot.symbol) ?? lot.costPaise / BigInt(lot.quantity);
    const value = price * BigInt(lot.quantity);
    return {
      ...lot,
      pricePaise: price,
      valuePaise: value,
      gainPaise: value - lot.costPaise - lot.chargesPaise,
      term: termOf(lot.boughtAt, now),
    };
  });
  const firstYear = fills.length
    ? Math.min(...fills.map((f) => financialYearOf(istDateOf(f.executedAt))))
    : financialYearOf(istDateOf(now));
  const years: number[] = [];
  for (let y = financialYearOf(istDateOf(now)); y >= firstYear; y--) years.push(y);
  return {
    realised,
    scrips: [...scrips.entries()].sort(([a], [b]) => a.localeCompare(b)),
    summary: {
      shortTerm,
      longTerm,
      charges: sum(realised, (r) => r.chargesPaise),
      dp: sum(realised, (r) => r.dpPaise),
      turnover: sum(realised, (r) => r.proceedsPaise),
    },
    estimate: estimateTax(shortTerm, longTerm),
    open: valued,
    years,
  };
}
export type TaxYear = ReturnType<typeof taxYear>;
