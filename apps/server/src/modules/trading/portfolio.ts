/**
 * The client's portfolio: holdings valued at live prices (an allotted IPO that has not
 * listed at its issue price), the summary with total and day P&L, allocation by sector, and
 * the investment (by month) and stock statistics read from the fills.
 */
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { paiseNumber, percentage, type THolding, type TPortfolio } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Market } from '../market/service.ts';
import { averageCost } from './holding-math.ts';
import type { Ipos } from './ipos.ts';
import { fills, holdings, orders } from './tables.ts';

export function createPortfolio(deps: { db: Db; clock: Clock; market: Market; ipos: Ipos }) {
  const { db, clock, market, ipos } = deps;
  const { engine } = market;

  async function holdingsOf(clientId: string): Promise<THolding[]> {
    const rows = await db
      .select()
      .from(holdings)
      .where(and(eq(holdings.clientId, clientId), gt(holdings.quantity, 0)))
      .orderBy(asc(holdings.symbol));
    const unlisted = await ipos.namesOfIpos(
      rows.filter((r) => !engine.instrument(r.symbol)).map((r) => r.symbol),
    );
    return rows.map((row) => {
      const instrument = engine.instrument(row.symbol);
      const state = engine.state(row.symbol);
      const ipo = unlisted.get(row.symbol);
      const avg = averageCost(row);
      const price = state ? BigInt(state.last) : (ipo?.issuePricePaise ?? avg);
      const prevClose = state ? BigInt(state.prevClose) : price;
      const quantity = BigInt(row.quantity);
      const value = price * quantity;
      const unrealised = value - row.costPaise;
      return {
        symbol: row.symbol,
        name: instrument?.name ?? ipo?.name ?? row.symbol,
        sector: instrument?.sector ?? ipo?.sector ?? null,
        quantity: row.quantity,
        reserved: row.reserved,
        average_cost_paise: paiseNumber(avg),
        invested_paise: paiseNumber(row.costPaise),
        price_paise: paiseNumber(price),
        prev_close_paise: paiseNumber(prevClose),
        current_value_paise: paiseNumber(value),
        unrealised_pnl_paise: paiseNumber(unrealised),
        unrealised_pnl_pct: percentage(unrealised, row.costPaise),
        day_pnl_paise: paiseNumber((price - prevClose) * quantity),
        realised_pnl_paise: paiseNumber(row.realisedPaise),
        listed: Boolean(state),
        listing_date: state ? null : (ipo?.listingDate ?? null),
      };
    });
  }

  return {
    holdingsOf,

    /** For the assets summary: what the holdings cost and are worth now. */
    async valueOf(clientId: string) {
      const list = await holdingsOf(clientId);
      let invested = 0n;
      let current = 0n;
      for (const h of list) {
        invested += BigInt(h.invested_paise);
        current += BigInt(h.current_value_paise);
      }
      return {
        investedPaise: invested,
        currentPaise: current,
        unrealisedPaise: current - invested,
      };
    },

    async portfolio(clientId: string): Promise<TPortfolio> {
      const list = await holdingsOf(clientId);
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
      const [realisedRow] = await db
        .select({ realised: sql<string>`coalesce(sum(${holdings.realisedPaise}), 0)` })
        .from(holdings)
        .where(eq(holdings.clientId, clientId));
      const realised = BigInt(realisedRow?.realised ?? 0);
      const months = await db
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
      const stocks = await db
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
        stocks
          .filter((s) => !names.has(s.symbol) && !engine.instrument(s.symbol))
          .map((s) => s.symbol),
      );
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
        months: months.map((m) => ({
          month: m.month,
          bought_paise: paiseNumber(BigInt(m.bought)),
          sold_paise: paiseNumber(BigInt(m.sold)),
          charges_paise: paiseNumber(BigInt(m.charges)),
          realised_pnl_paise: paiseNumber(BigInt(m.realised)),
          trades: m.trades,
        })),
        stocks: stocks.map((s) => {
          const held = heldBySymbol.get(s.symbol);
          return {
            symbol: s.symbol,
            name:
              names.get(s.symbol) ??
              engine.instrument(s.symbol)?.name ??
              ipoNames.get(s.symbol)?.name ??
              s.symbol,
            quantity: held?.quantity ?? 0,
            bought_quantity: Number(s.boughtQuantity),
            sold_quantity: Number(s.soldQuantity),
            bought_paise: paiseNumber(BigInt(s.bought)),
            sold_paise: paiseNumber(BigInt(s.sold)),
            charges_paise: paiseNumber(BigInt(s.charges)),
            realised_pnl_paise: paiseNumber(BigInt(s.realised)),
            unrealised_pnl_paise: held?.unrealised_pnl_paise ?? 0,
            trades: s.trades,
          };
        }),
        as_of: clock.now().toISOString(),
      };
    },
  };
}
export type Portfolio = ReturnType<typeof createPortfolio>;
