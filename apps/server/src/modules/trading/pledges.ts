/**
 * Pledges on holdings, for the credit module's loans against shares. A pledged share stays
 * the client's (quantity, cost and P&L are unchanged) but can be neither sold nor pledged
 * again: placing a sell and taking a pledge both move the holding by one UPDATE guarded on
 * `quantity − reserved − pledged`, so whichever comes second in a race finds too little.
 * Every function runs in the caller's transaction, so the pledge and the loan that holds it
 * commit or roll back together.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Market } from '../market/service.ts';
import { holdings } from './tables.ts';

export type PledgeLine = { symbol: string; quantity: number };

/** Which line could not be pledged (the caller words the refusal). */
export class PledgeBeyondFree extends Error {
  constructor(readonly symbol: string) {
    super(`Cannot pledge ${symbol}: beyond the free quantity`);
  }
}

export type PledgeableHolding = {
  symbol: string;
  name: string;
  quantity: number;
  reserved: number;
  pledged: number;
  free: number;
  /** The feed's last price, or null for a stock that does not trade (an unlisted IPO). */
  pricePaise: bigint | null;
};

/** Symbol order: two pledges of one client lock their rows in the same order. */
const bySymbol = (lines: PledgeLine[]) =>
  [...lines].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));

export function createPledges({ clock, market }: { clock: Clock; market: Market }) {
  const { engine } = market;
  return {
    /** The feed's last price of a listed stock, in paise. */
    priceOf(symbol: string): bigint | null {
      const state = engine.state(symbol);
      return state ? BigInt(state.last) : null;
    },

    /** The stock's name, or its symbol when the feed does not list it. */
    nameOf: (symbol: string): string => engine.instrument(symbol)?.name ?? symbol,

    /** A client's holdings with what is free to pledge, at the feed's prices. */
    async holdingsOf(executor: Executor, clientId: string): Promise<PledgeableHolding[]> {
      const rows = await executor
        .select()
        .from(holdings)
        .where(and(eq(holdings.clientId, clientId), gt(holdings.quantity, 0)))
        .orderBy(asc(holdings.symbol));
      return rows.map((row) => {
        const state = engine.state(row.symbol);
        return {
          symbol: row.symbol,
          name: engine.instrument(row.symbol)?.name ?? row.symbol,
          quantity: row.quantity,
          reserved: row.reserved,
          pledged: row.pledged,
          free: row.quantity - row.reserved - row.pledged,
          pricePaise: state ? BigInt(state.last) : null,
        };
      });
    },

    /** Takes shares into pledge; throws PledgeBeyondFree when a line exceeds the free part. */
    async pledge(tx: Tx, clientId: string, lines: PledgeLine[]) {
      for (const line of bySymbol(lines)) {
        const moved = await tx
          .update(holdings)
          .set({ pledged: sql`${holdings.pledged} + ${line.quantity}`, updatedAt: clock.now() })
          .where(
            and(
              eq(holdings.clientId, clientId),
              eq(holdings.symbol, line.symbol),
              sql`${holdings.quantity} - ${holdings.reserved} - ${holdings.pledged} >= ${line.quantity}`,
            ),
          )
          .returning({ symbol: holdings.symbol });
        if (moved.length === 0) throw new PledgeBeyondFree(line.symbol);
      }
    },

    /** Gives pledged shares back to the free part of the holding. */
    async release(tx: Tx, clientId: string, lines: PledgeLine[]) {
      for (const line of bySymbol(lines)) {
        if (line.quantity <= 0) continue;
        const moved = await tx
          .update(holdings)
          .set({ pledged: sql`${holdings.pledged} - ${line.quantity}`, updatedAt: clock.now() })
          .where(
            and(
              eq(holdings.clientId, clientId),
              eq(holdings.symbol, line.symbol),
              sql`${holdings.pledged} >= ${line.quantity}`,
            ),
          )
          .returning({ symbol: holdings.symbol });
        if (moved.length === 0)
          throw new Error(`Pledge release of ${line.symbol} finds fewer shares pledged`);
      }
    },
  };
}
export type Pledges = ReturnType<typeof createPledges>;
