/**
 * Each holder's side of a split, consolidation, bonus or symbol change (apply-corporate-action.ts),
 * set-based: per 10,000 holders, the holdings locked in one statement, the adjustments written
 * in one INSERT, the holdings changed in one UPDATE (or moved in one statement) —
 * three statements a holder made a split of a scrip 100,000 clients hold take minutes
 * (bench/corporate-split.mjs). The ratio maths stays the shared one, worked here per holder.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict } from '../../platform/errors.ts';
import { type HoldingAction, pledgedAfter, quantityAfter } from './holding-action.ts';

/** When the action takes effect, and (a bonus) when its new shares were acquired. */
export type Dates = { effectiveAt: Date; allottedAt: Date | null };
type Holder = { clientId: string; quantity: number };
type Change = {
  clientId: string;
  before: number;
  after: number;
  pledged: number;
  pledgedAfter: number;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const uuids = (values: string[]) => sql`${sql.param(values)}::uuid[]`;
const bigints = (values: number[]) => sql`${sql.param(values.map(String))}::bigint[]`;
const instant = (at: Date | null) => sql`${at ? at.toISOString() : null}::timestamptz`;

/** The holders' holdings of the scrip, locked: quantity and pledged shares by client. */
async function lockHoldings(tx: Tx, symbol: string, ids: string[]) {
  const rows = rowsOf<{ client_id: string; quantity: string; pledged: string }>(
    await tx.execute(sql`
      select client_id, quantity::text as quantity, pledged::text as pledged from holdings
       where symbol = ${symbol} and client_id = any(${uuids(ids)})
       order by client_id for update`),
  );
  return new Map(
    rows.map((r) => [r.client_id, { quantity: Number(r.quantity), pledged: Number(r.pledged) }]),
  );
}

/** One adjustment row per holder (once per action and client); answers the clients written. */
async function insertAdjustments(
  tx: Tx,
  a: HoldingAction,
  changes: Change[],
  dates: Dates,
  now: Date,
) {
  const column = (pick: (c: Change) => number): SQL => bigints(changes.map(pick));
  const rows = rowsOf<{ client_id: string }>(
    await tx.execute(sql`
      insert into holding_adjustments
        (id, action_id, client_id, symbol, kind, ratio_new, ratio_old, new_symbol, effective_at,
         allotted_at, quantity_before, quantity_after, pledged_before, pledged_after, created_at)
      select gen_random_uuid(), ${a.id}::uuid, h.client_id, ${a.symbol}, ${a.kind},
             ${a.ratioNew}::int, ${a.ratioOld}::int, ${a.newSymbol}::text,
             ${instant(dates.effectiveAt)}, ${instant(dates.allottedAt)},
             h.before, h.after, h.pledged, h.pledged_after, ${instant(now)}
        from unnest(${uuids(changes.map((c) => c.clientId))}, ${column((c) => c.before)},
                    ${column((c) => c.after)}, ${column((c) => c.pledged)},
                    ${column((c) => c.pledgedAfter)})
             as h(client_id, before, after, pledged, pledged_after)
      on conflict do nothing
      returning client_id`),
  );
  return new Set(rows.map((r) => r.client_id));
}

/**
 * Holders a round of statements takes: each statement stays well inside the session's
 * statement timeout and the pauses between them inside its idle-in-transaction timeout, whatever
 * the number of holders (all in the one transaction applying the action).
 */
const ROUND = 10_000;

/**
 * Records every holder's adjustment (once: a second run finds them written) and changes their
 * holdings; answers how many holdings changed.
 */
export async function adjustHolders(
  clock: Clock,
  tx: Tx,
  a: HoldingAction,
  holders: Holder[],
  dates: Dates,
): Promise<number> {
  let changed = 0;
  for (let i = 0; i < holders.length; i += ROUND)
    changed += await adjustRound(clock, tx, a, holders.slice(i, i + ROUND), dates);
  return changed;
}

async function adjustRound(
  clock: Clock,
  tx: Tx,
  a: HoldingAction,
  holders: Holder[],
  dates: Dates,
): Promise<number> {
  const held = await lockHoldings(
    tx,
    a.symbol,
    holders.map((h) => h.clientId),
  );
  const changes = holders.map(({ clientId, quantity: before }): Change => {
    const pledged = held.get(clientId)?.pledged ?? 0;
    const after = quantityAfter(a, before);
    return { clientId, before, after, pledged, pledgedAfter: pledgedAfter(a, pledged) };
  });
  const now = clock.now();
  const written = await insertAdjustments(tx, a, changes, dates, now);
  const changed = changes.filter((c) => written.has(c.clientId) && held.has(c.clientId));
  if (!changed.length) return 0;
  if (a.kind === 'symbol_change') await moveHoldings(tx, a, changed, now);
  else await recountHoldings(tx, a, changed, held, now);
  return changed.length;
}

/** Each holding re-counted: the shares' change since the ex-date kept, pledges as the ratio. */
async function recountHoldings(
  tx: Tx,
  a: HoldingAction,
  changed: Change[],
  held: Map<string, { quantity: number }>,
  now: Date,
) {
  if (changed.some((c) => held.get(c.clientId)!.quantity + (c.after - c.before) < 0))
    throw conflict(`${a.symbol}: a client has sold more since the ex-date than the action leaves.`);
  await tx.execute(sql`
    update holdings
       set quantity = holdings.quantity + d.delta, pledged = d.pledged, updated_at = ${instant(now)}
      from unnest(${uuids(changed.map((c) => c.clientId))},
                  ${bigints(changed.map((c) => c.after - c.before))},
                  ${bigints(changed.map((c) => c.pledgedAfter))}) as d(client_id, delta, pledged)
     where holdings.client_id = d.client_id and holdings.symbol = ${a.symbol}`);
}

/** Whole holdings moved to the new symbol (added to one already there), reservations none. */
async function moveHoldings(tx: Tx, a: HoldingAction, changed: Change[], now: Date) {
  await tx.execute(sql`
    with old as (
      delete from holdings
       where symbol = ${a.symbol} and client_id = any(${uuids(changed.map((c) => c.clientId))})
      returning *)
    insert into holdings
      (client_id, symbol, quantity, reserved, pledged, cost_paise, realised_paise, updated_at)
    select client_id, ${a.newSymbol}, quantity, 0, pledged, cost_paise, realised_paise,
           ${instant(now)}
      from old
    on conflict (client_id, symbol) do update set
      quantity = holdings.quantity + excluded.quantity,
      pledged = holdings.pledged + excluded.pledged,
      cost_paise = holdings.cost_paise + excluded.cost_paise,
      realised_paise = holdings.realised_paise + excluded.realised_paise,
      updated_at = excluded.updated_at`);
}
