import { and, asc, gt, inArray } from 'drizzle-orm';
import { paiseNumber, percentage, type THolding } from '@sampada/shared';
import { averageCost } from './holding-math.ts';
import type { PortfolioDeps } from './portfolio-deps.ts';
import { holdings } from './tables.ts';

/** A client's holdings valued at live prices (an allotted IPO not listed yet at its issue price). */
export async function holdingsOf(deps: PortfolioDeps, clientId: string): Promise<THolding[]> {
  return (await holdingsOfMany(deps, [clientId])).get(clientId) ?? [];
}

/** Several clients' holdings as holdingsOf values them, in two statements: client → holdings. */
export async function holdingsOfMany(
  deps: PortfolioDeps,
  clientIds: readonly string[],
): Promise<Map<string, THolding[]>> {
  const { db, ipos } = deps;
  const { engine } = deps.market;
  const rows = await db
    .select()
    .from(holdings)
    .where(and(inArray(holdings.clientId, [...clientIds]), gt(holdings.quantity, 0)))
    .orderBy(asc(holdings.clientId), asc(holdings.symbol));
  const unlisted = await ipos.namesOfIpos([
    ...new Set(rows.filter((r) => !engine.instrument(r.symbol)).map((r) => r.symbol)),
  ]);
  const byClient = new Map<string, THolding[]>();
  for (const row of rows) {
    const instrument = engine.instrument(row.symbol);
    const state = engine.state(row.symbol);
    const ipo = unlisted.get(row.symbol);
    const avg = averageCost(row);
    const price = state ? BigInt(state.last) : (ipo?.issuePricePaise ?? avg);
    const prevClose = state ? BigInt(state.prevClose) : price;
    const quantity = BigInt(row.quantity);
    const value = price * quantity;
    const unrealised = value - row.costPaise;
    const list = byClient.get(row.clientId) ?? [];
    byClient.set(row.clientId, list);
    list.push({
      symbol: row.symbol,
      name: instrument?.name ?? ipo?.name ?? row.symbol,
      sector: instrument?.sector ?? ipo?.sector ?? null,
      quantity: row.quantity,
      reserved: row.reserved,
      pledged: row.pledged,
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
    });
  }
  return byClient;
}
