/**
 * The tax P&L a client reads and downloads (GET /trade/app/v1/tax-pnl): one financial year
 * of their own fills matched FIFO (tax-year.ts), with names and ISINs, in paise on the wire.
 */
import { sql } from 'drizzle-orm';
import { financialYearOf, type TTaxPnl } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { istDateOf } from '../../platform/ist.ts';
import type { Market } from '../market/service.ts';
import type { NameOf } from './orders.ts';
import { loadLotAdjustments } from './holding-adjustments.ts';
import { fills } from './tables.ts';
import type { TaxFill } from './tax-lots.ts';
import { taxPnlView } from './tax-pnl-view.ts';
import { taxYear } from './tax-year.ts';

type FillRow = {
  id: string;
  side: 'buy' | 'sell';
  symbol: string;
  quantity: number;
  value: string;
  charges: string;
  dp: string;
  stt: string;
  ms: number;
};

/**
 * A client's fills as tax lots read them (the returns use them too), oldest first. Plain SQL:
 * the instant as epoch milliseconds, not a timestamp text for the ORM to parse into a Date —
 * five years of trading is 10,000 rows here on every returns answer (bench/returns.mjs).
 */
export async function loadTaxFills(db: Db, clientId: string): Promise<TaxFill[]> {
  const result = await db.execute(sql`
    select id::text as id, side, symbol, quantity::float8 as quantity,
           value_paise::text as value, charges_paise::text as charges,
           coalesce((charges ->> 'dp_paise')::bigint, 0)::text as dp,
           coalesce((charges ->> 'stt_paise')::bigint, 0)::text as stt,
           floor(extract(epoch from executed_at) * 1000)::float8 as ms
      from ${fills} where client_id = ${clientId}
     order by executed_at, id`);
  return (result as unknown as { rows: FillRow[] }).rows.map((r) => ({
    // Zero-padded, so that fills of one instant keep their order as text.
    id: r.id.padStart(16, '0'),
    side: r.side,
    symbol: r.symbol,
    quantity: r.quantity,
    valuePaise: BigInt(r.value),
    chargesPaise: BigInt(r.charges),
    dpPaise: BigInt(r.dp),
    sttPaise: BigInt(r.stt),
    executedAt: new Date(r.ms),
    day: istDateOf(new Date(r.ms)),
  }));
}

export function createTaxPnl(deps: {
  db: Db;
  clock: Clock;
  market: Market;
  nameOf: NameOf;
  /** The client's fills, kept per instance (tax-fills-cache.ts). */
  taxFillsOf: (clientId: string) => Promise<readonly TaxFill[]>;
}) {
  const { db, clock, market, nameOf, taxFillsOf } = deps;

  /** The year's report; `year` defaults to the current financial year. */
  async function report(clientId: string, year?: number): Promise<TTaxPnl> {
    const now = clock.now();
    const fy = year ?? financialYearOf(istDateOf(now));
    const [fillRows, adjustments] = await Promise.all([
      taxFillsOf(clientId),
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
    return taxPnlView(data, fy, {
      name: (s) => names.get(s) ?? s,
      isinOf: (s) => market.engine.instrument(s)?.isin ?? null,
      now,
    });
  }

  return { report };
}
export type TaxPnl = ReturnType<typeof createTaxPnl>;
