/**
 * One pass over the active GTTs of `symbols` (all when omitted) against the last prints: each
 * that a print after it was set crosses fires in its own transaction, so one client's refusal
 * touches no other GTT.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fireGtt } from './fire-gtt.ts';
import type { GttDeps } from './gtt-deps.ts';
import { legCrossed } from './gtt-rules.ts';
import { gtts } from './tables.ts';

export async function checkGtts(deps: GttDeps, symbols?: string[]): Promise<number> {
  if (symbols && symbols.length === 0) return 0;
  const rows = await deps.db
    .select()
    .from(gtts)
    .where(and(eq(gtts.status, 'active'), symbols ? inArray(gtts.symbol, symbols) : undefined))
    .orderBy(asc(gtts.createdAt));
  let fired = 0;
  for (const row of rows) {
    const state = deps.market.engine.state(row.symbol);
    if (!state || state.updatedAt <= row.updatedAt) continue; // a print after it was set
    const last = BigInt(state.last);
    if (!legCrossed(row, last)) continue;
    try {
      if (await fireGtt(deps, row.id, last)) fired++;
    } catch (error) {
      deps.log?.(`GTT ${row.id} failed to fire`, error);
    }
  }
  return fired;
}
