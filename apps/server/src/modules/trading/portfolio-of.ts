import { and, count, eq, sql } from 'drizzle-orm';
import { paiseNumber, percentage, type THolding, type TPortfolio } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { holdingsOf } from './holdings-of.ts';
import type { PortfolioDeps } from './portfolio-deps.ts';
import { fills, holdings, orders } from './tables.ts';

/** The portfolio: holdings, the summary with total and day P&L, sectors, months and stocks. */
export async function portfolioOf(deps: PortfolioDeps, clientId: string): Promise<TPortfolio> {
  const { db, clock, ipos } = deps;
  const { engine } = deps.market;
  const list = await holdingsOf(deps, clientId);
  const { invested, current, day, bySector } = totalsOf(list);
  const [realisedRow] = await db
    .select({ realised: sql<string>`coalesce(sum(${holdings.realisedPaise}), 0)` })
    .from(holdings)
    .where(eq(holdings.clientId, clientId));
  const realised = BigInt(realisedRow?.realised ?? 0);
  const months = await monthsOf(db, clientId);
  const stocks = await stocksOf(db, clientId);
  const [awaiting] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.status, 'awaiting')));
  const heldBySymbol = new Map(list.map((h) => [h.symbol, h]));
  const chargesPaid = months.reduce((s, m) => s + BigInt(m.charges), 0n);
  const trades = months.reduce((s, m) => s + m.trades, 0);
  const unrealised = current - invested;
  const names = new Map(list.map((h) => [h.symbol, h.name]));
  const ipoNames = await ipos.namesOfIpos(
    stocks.filter((s) => !names.has(s.symbol) && !engine.instrument(s.symbol)).map((s) => s.symbol),
  );
  const nameOf = (symbol: string) =>
    names.get(symbol) ?? engine.instrument(symbol)?.name ?? ipoNames.get(symbol)?.name ?? symbol;
  return {
    summary: {
      invested_paise: paiseNumber(invested),
      current_value_paise: paiseNumber(current),
      unrealised_pnl_paise: paiseNumber(unrealised),
      unrealised_pnl_pct: percentage(unrealised, invested),
      day_pnl_paise: paiseNumber(day),
      realised_pnl_paise: paiseNumber(realised),
      total_pnl_paise: paiseNumber(realised + unrealised),
      charges_paid_paise: paiseNumber(chargesPaid),
      holdings: list.length,
      awaiting_orders: awaiting?.n ?? 0,
      trades,
    },
    allocation: [...bySector.entries()]
      .sort((a, b) => (a[1] > b[1] ? -1 : a[1] < b[1] ? 1 : 0))
      .map(([sector, value]) => ({
        sector,
        value_paise: paiseNumber(value),
        weight_pct: percentage(value, current),
      })),
    holdings: list,
    months: months.map(monthView),
    stocks: stocks.map((s) => stockView(s, nameOf(s.symbol), heldBySymbol.get(s.symbol))),
    as_of: clock.now().toISOString(),
  };
}

/** What the holdings cost, are worth and moved today, and their value by sector. */
function totalsOf(list: THolding[]) {
  let invested = 0n;
  let current = 0n;
  let day = 0n;
  const bySector = new Map<string, bigint>();
  for (const h of list) {
    invested += BigInt(h.invested_paise);
    current += BigInt(h.current_value_paise);
    day += BigInt(h.day_pnl_paise);
    const sector = h.sector ?? 'Other';
    bySector.set(sector, (bySector.get(sector) ?? 0n) + BigInt(h.current_value_paise));
  }
  return { invested, current, day, bySector };
}

const monthsOf = (db: Db, clientId: string) =>
  db
    .select({
      month: sql<string>`to_char(${fills.executedAt} at time zone 'Asia/Kolkata', 'YYYY-MM')`,
      bought: sql<string>`coalesce(sum(case when ${fills.side} = 'buy' then ${fills.valuePaise} end), 0)`,
      sold: sql<string>`coalesce(sum(case when ${fills.side} = 'sell' then ${fills.valuePaise} end), 0)`,
      charges: sql<string>`coalesce(sum(${fills.chargesPaise}), 0)`,
      realised: sql<string>`coalesce(sum(${fills.realisedPaise}), 0)`,
      trades: count(),
    })
    .from(fills)
    .where(eq(fills.clientId, clientId))
    .groupBy(sql`1`)
    .orderBy(sql`1`);

const stocksOf = (db: Db, clientId: string) =>
  db
    .select({
      symbol: fills.symbol,
      boughtQuantity: sql<string>`coalesce(sum(case when ${fills.side} = 'buy' then ${fills.quantity} end), 0)`,
      soldQuantity: sql<string>`coalesce(sum(case when ${fills.side} = 'sell' then ${fills.quantity} end), 0)`,
      bought: sql<string>`coalesce(sum(case when ${fills.side} = 'buy' then ${fills.valuePaise} end), 0)`,
      sold: sql<string>`coalesce(sum(case when ${fills.side} = 'sell' then ${fills.valuePaise} end), 0)`,
      charges: sql<string>`coalesce(sum(${fills.chargesPaise}), 0)`,
      realised: sql<string>`coalesce(sum(${fills.realisedPaise}), 0)`,
      trades: count(),
    })
    .from(fills)
    .where(eq(fills.clientId, clientId))
    .groupBy(fills.symbol)
    .orderBy(fills.symbol);

type MonthRow = Awaited<ReturnType<typeof monthsOf>>[number];
type StockRow = Awaited<ReturnType<typeof stocksOf>>[number];

const monthView = (m: MonthRow) => ({
  month: m.month,
  bought_paise: paiseNumber(BigInt(m.bought)),
  sold_paise: paiseNumber(BigInt(m.sold)),
  charges_paise: paiseNumber(BigInt(m.charges)),
  realised_pnl_paise: paiseNumber(BigInt(m.realised)),
  trades: m.trades,
});

const stockView = (s: StockRow, name: string, held: THolding | undefined) => ({
  symbol: s.symbol,
  name,
  quantity: held?.quantity ?? 0,
  bought_quantity: Number(s.boughtQuantity),
  sold_quantity: Number(s.soldQuantity),
  bought_paise: paiseNumber(BigInt(s.bought)),
  sold_paise: paiseNumber(BigInt(s.sold)),
  charges_paise: paiseNumber(BigInt(s.charges)),
  realised_pnl_paise: paiseNumber(BigInt(s.realised)),
  unrealised_pnl_paise: held?.unrealised_pnl_paise ?? 0,
  trades: s.trades,
});
