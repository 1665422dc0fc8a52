/**
 * The tax P&L a client reads and downloads (GET /trade/app/v1/tax-pnl): one financial year
 * of their own fills matched FIFO (tax-year.ts), with names and ISINs, in paise on the wire.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { financialYearLabel, financialYearOf, paiseNumber, type TTaxPnl } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { istDateOf } from '../../platform/ist.ts';
import type { Market } from '../market/service.ts';
import type { NameOf } from './orders.ts';
import { loadLotAdjustments } from './holding-adjustments.ts';
import { fills } from './tables.ts';
import type { TaxFill } from './tax-lots.ts';
import { taxYear, yearBounds } from './tax-year.ts';

/** A client's fills as tax lots read them (the returns use them too), oldest first. */
export async function loadTaxFills(db: Db, clientId: string): Promise<TaxFill[]> {
  const rows = await db
    .select({
      id: fills.id,
      side: fills.side,
      symbol: fills.symbol,
      quantity: fills.quantity,
      valuePaise: fills.valuePaise,
      chargesPaise: fills.chargesPaise,
      dp: sql<string>`coalesce((${fills.charges} ->> 'dp_paise')::bigint, 0)`,
      stt: sql<string>`coalesce((${fills.charges} ->> 'stt_paise')::bigint, 0)`,
      executedAt: fills.executedAt,
    })
    .from(fills)
    .where(eq(fills.clientId, clientId))
    .orderBy(asc(fills.executedAt), asc(fills.id));
  return rows.map((r) => ({
    // Zero-padded, so that fills of one instant keep their order as text.
    id: String(r.id).padStart(16, '0'),
    side: r.side as 'buy' | 'sell',
    symbol: r.symbol,
    quantity: r.quantity,
    valuePaise: r.valuePaise,
    chargesPaise: r.chargesPaise,
    dpPaise: BigInt(r.dp),
    sttPaise: BigInt(r.stt),
    executedAt: r.executedAt,
  }));
}

export function createTaxPnl(deps: { db: Db; clock: Clock; market: Market; nameOf: NameOf }) {
  const { db, clock, market, nameOf } = deps;

  /** The year's report; `year` defaults to the current financial year. */
  async function report(clientId: string, year?: number): Promise<TTaxPnl> {
    const now = clock.now();
    const fy = year ?? financialYearOf(istDateOf(now));
    const [fillRows, adjustments] = await Promise.all([
      loadTaxFills(db, clientId),
      loadLotAdjustments(db, clientId),
    ]);
    const data = taxYear(
      fillRows,
      fy,
      now,
      (symbol) => {
        const state = market.engine.state(symbol);
        return state ? BigInt(state.last) : null;
      },
      adjustments,
    );
    const symbols = [
      ...new Set([
        ...data.realised.map((r) => r.symbol),
        ...data.open.map((o) => o.symbol),
        ...data.intraday.map((t) => t.symbol),
      ]),
    ];
    const names = await nameOf(symbols);
    const name = (s: string) => names.get(s) ?? s;
    const n = paiseNumber;
    const { from, to } = yearBounds(fy);
    const open = data.open;
    const openSum = (pick: (o: (typeof open)[number]) => bigint) =>
      open.reduce((s, o) => s + pick(o), 0n);
    return {
      year: fy,
      label: financialYearLabel(fy),
      from,
      to,
      years: data.years.includes(fy) ? data.years : [...data.years, fy].sort((a, b) => b - a),
      realised: data.realised.map((r) => ({
        symbol: r.symbol,
        name: name(r.symbol),
        isin: market.engine.instrument(r.symbol)?.isin ?? null,
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
      })),
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
      estimate: {
        stcg_rate_pct: data.estimate.rule.stcg_rate_pct,
        ltcg_rate_pct: data.estimate.rule.ltcg_rate_pct,
        ltcg_exemption_paise: n(data.estimate.exemption),
        periods: data.estimate.periods.map((p) => ({
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
        short_term_taxable_paise: n(data.estimate.shortTaxable),
        long_term_taxable_paise: n(data.estimate.longTaxable),
        short_term_tax_paise: n(data.estimate.shortTax),
        long_term_tax_paise: n(data.estimate.longTax),
        total_tax_paise: n(data.estimate.totalTax),
        short_term_loss_paise: n(data.estimate.shortLoss),
        long_term_loss_paise: n(data.estimate.longLoss),
        set_off: {
          short_loss_against_short_paise: n(data.estimate.setOff.shortAgainstShort),
          short_loss_against_long_paise: n(data.estimate.setOff.shortAgainstLong),
          long_loss_against_long_paise: n(data.estimate.setOff.longAgainstLong),
        },
      },
      unrealised: open.map((o) => ({
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
      })),
      unrealised_summary: {
        cost_paise: n(openSum((o) => o.costPaise)),
        value_paise: n(openSum((o) => o.valuePaise)),
        gain_paise: n(openSum((o) => o.gainPaise)),
        short_term_paise: n(openSum((o) => (o.term === 'short' ? o.gainPaise : 0n))),
        long_term_paise: n(openSum((o) => (o.term === 'long' ? o.gainPaise : 0n))),
      },
      as_of: now.toISOString(),
    };
  }

  return { report };
}
export type TaxPnl = ReturnType<typeof createTaxPnl>;
