/**
 * A client's fills as the tax lots read them, kept per instance for the returns and the tax
 * P&L. Fills are only ever inserted — a corporate action adjusts lots (holding_adjustments),
 * never a fill — so a client's list is the same while its count and its newest id are: each
 * call checks that pair in one indexed query and reads the list again only when it moved (a
 * fill committed out of id order still moves the count). bench/returns.mjs: reading 10,000
 * fills was about half of a returns answer; kept, each fill's IST day is worked out once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TaxFill } from './tax-lots.ts';
import { loadTaxFills } from './tax-pnl.ts';
import { fills } from './tables.ts';

/** The most fills an instance keeps, over all clients (least recently asked dropped first). */
const KEEP_FILLS = 50_000;

type Kept = { mark: string; list: readonly TaxFill[] };

export function createTaxFillsCache(db: Db) {
  const kept = new Map<string, Kept>();
  let total = 0;

  function keep(clientId: string, entry: Kept) {
    forget(clientId);
    // A client with more fills than the whole allowance is read each time, never kept.
    if (entry.list.length > KEEP_FILLS) return;
    kept.set(clientId, entry);
    total += entry.list.length;
    for (const [oldest] of kept) {
      if (total <= KEEP_FILLS) break;
      forget(oldest);
    }
  }

  function forget(clientId: string) {
    const entry = kept.get(clientId);
    if (!entry) return;
    kept.delete(clientId);
    total -= entry.list.length;
  }

  async function markOf(clientId: string): Promise<string> {
    const result = await db.execute(sql`
      select count(*)::text as n, coalesce(max(id), 0)::text as newest
        from ${fills} where client_id = ${clientId}`);
    const [row] = (result as unknown as { rows: { n: string; newest: string }[] }).rows;
    return `${row!.n}:${row!.newest}`;
  }

  /** The client's fills, oldest first; the list is shared, so callers only read it. */
  return async function taxFillsOf(clientId: string): Promise<readonly TaxFill[]> {
    const mark = await markOf(clientId);
    const entry = kept.get(clientId);
    if (entry?.mark === mark) {
      // Asked again: the most recently used now.
      kept.delete(clientId);
      kept.set(clientId, entry);
      return entry.list;
    }
    const list = Object.freeze(await loadTaxFills(db, clientId));
    // Read after the mark: a fill landing in between makes the kept mark older than the list,
    // so the next call reads again rather than trusting a list it may not match.
    keep(clientId, { mark, list });
    return list;
  };
}
