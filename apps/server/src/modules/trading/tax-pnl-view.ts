/**
 * A financial year's tax P&L (tax-year.ts) as the client reads it: names and ISINs beside the
 * symbols, amounts in paise as numbers on the wire. Pure: the caller looks the names up.
 */
import { financialYearLabel, paiseNumber as n, type TTaxPnl } from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import { type TaxYear, yearBounds } from './tax-year.ts';

/** What the view needs beside the year's figures: the names, ISINs and the time it is. */
export type TaxPnlLookups = {
  name: (symbol: string) => string;
  isinOf: (symbol: string) => string | null;
  now: Date;
};

export function taxPnlView(data: TaxYear, fy: number, lookups: TaxPnlLookups): TTaxPnl {
  const { name } = lookups;
  const { from, to } = yearBounds(fy);
  return {
    year: fy,
    label: financialYearLabel(fy),
    from,
    to,
    years: data.years.includes(fy) ? data.years : [...data.years, fy].sort((a, b) => b - a),
    realised: realisedView(data, lookups),
    intraday: data.intraday.map((t) => ({
      symbol: t.symbol,
      name: name(t.symbol),
      day: t.day,
      quantity: t.quantity,
      buy_value_paise: n(t.buyValuePaise),
      sell_value_paise: n(t.sellValuePaise),
      charges_paise: n(t.chargesPaise),
      stt_paise: n(t.sttPaise),
      result_paise: n(t.resultPaise),
    })),
    scrips: data.scrips.map(([symbol, s]) => ({
      symbol,
      name: name(symbol),
      short_term_paise: n(s.short),
      long_term_paise: n(s.long),
      charges_paise: n(s.charges),
    })),
    summary: {
      short_term_gain_paise: n(data.summary.shortTerm),
      long_term_gain_paise: n(data.summary.longTerm),
      charges_paise: n(data.summary.charges),
      dp_paise: n(data.summary.dp),
      stt_paise: n(data.summary.stt),
      turnover_paise: n(data.summary.turnover),
      speculative_paise: n(data.summary.speculative),
    },
    estimate: estimateView(data.estimate),
    unrealised: unrealisedView(data.open, name),
    unrealised_summary: unrealisedSummary(data.open),
    as_of: lookups.now.toISOString(),
  };
}

function realisedView(data: TaxYear, { name, isinOf }: TaxPnlLookups): TTaxPnl['realised'] {
  return data.realised.map((r) => ({
    symbol: r.symbol,
    name: name(r.symbol),
    isin: isinOf(r.symbol),
    quantity: r.quantity,
    buy_date: istDateOf(r.boughtAt),
    sell_date: istDateOf(r.soldAt),
    cost_paise: n(r.costPaise),
    proceeds_paise: n(r.proceedsPaise),
    charges_paise: n(r.chargesPaise),
    dp_paise: n(r.dpPaise),
    stt_paise: n(r.sttPaise),
    gain_paise: n(r.gainPaise),
    term: r.term,
  }));
}

function estimateView(estimate: TaxYear['estimate']): TTaxPnl['estimate'] {
  return {
    stcg_rate_pct: estimate.rule.stcg_rate_pct,
    ltcg_rate_pct: estimate.rule.ltcg_rate_pct,
    ltcg_exemption_paise: n(estimate.exemption),
    periods: estimate.periods.map((p) => ({
      from: p.from,
      to: p.to,
      stcg_rate_pct: p.rule.stcg_rate_pct,
      ltcg_rate_pct: p.rule.ltcg_rate_pct,
      short_term_gain_paise: n(p.short),
      long_term_gain_paise: n(p.long),
      short_term_taxable_paise: n(p.shortTaxable),
      long_term_taxable_paise: n(p.longTaxable),
      short_term_tax_paise: n(p.shortTax),
      long_term_tax_paise: n(p.longTax),
    })),
    short_term_taxable_paise: n(estimate.shortTaxable),
    long_term_taxable_paise: n(estimate.longTaxable),
    short_term_tax_paise: n(estimate.shortTax),
    long_term_tax_paise: n(estimate.longTax),
    total_tax_paise: n(estimate.totalTax),
    short_term_loss_paise: n(estimate.shortLoss),
    long_term_loss_paise: n(estimate.longLoss),
    set_off: {
      short_loss_against_short_paise: n(estimate.setOff.shortAgainstShort),
      short_loss_against_long_paise: n(estimate.setOff.shortAgainstLong),
      long_loss_against_long_paise: n(estimate.setOff.longAgainstLong),
    },
  };
}

function unrealisedView(
  open: TaxYear['open'],
  name: (symbol: string) => string,
): TTaxPnl['unrealised'] {
  return open.map((o) => ({
    symbol: o.symbol,
    name: name(o.symbol),
    quantity: o.quantity,
    buy_date: istDateOf(o.boughtAt),
    cost_paise: n(o.costPaise),
    charges_paise: n(o.chargesPaise),
    price_paise: n(o.pricePaise),
    value_paise: n(o.valuePaise),
    gain_paise: n(o.gainPaise),
    term: o.term,
  }));
}

function unrealisedSummary(open: TaxYear['open']): TTaxPnl['unrealised_summary'] {
  const openSum = (pick: (o: (typeof open)[number]) => bigint) =>
    open.reduce((s, o) => s + pick(o), 0n);
  return {
    cost_paise: n(openSum((o) => o.costPaise)),
    value_paise: n(openSum((o) => o.valuePaise)),
    gain_paise: n(openSum((o) => o.gainPaise)),
    short_term_paise: n(openSum((o) => (o.term === 'short' ? o.gainPaise : 0n))),
    long_term_paise: n(openSum((o) => (o.term === 'long' ? o.gainPaise : 0n))),
  };
}
