/**
 * Computations of clients' standing, several clients at once (decision 076): the one writer of
 * engagement's tables. A computation of many costs the statements of one: each read and each
 * write takes every client of the computation.
 */
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { istDateOf } from '../../platform/ist.ts';
import { progressOf } from './achievements.ts';
import type { ComputeResult, StandingDeps } from './engagement-deps.ts';
import type { ClientFacts } from './facts.ts';
import { ACHIEVEMENT_CHANNEL } from './recompute-policy.ts';
import { scoreOf, scoreParts } from './score.ts';
import { factsOfMany, storeSnapshots } from './standing-reads.ts';
import { achievementsEarned, engagementDue, engagementStatus, scoreHistory } from './tables.ts';
import { averageAssets, tierFor, totalAssets } from './vip.ts';

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/**
 * The clients' status rows, locked (inserted first if new), in the order of their ids: two
 * servers recomputing overlapping clients take turns instead of deadlocking. The no-op update
 * is what makes the upsert lock and answer an existing row. Client → the score stored before.
 */
async function lockStatusRows(tx: Executor, ids: readonly string[], now: Date) {
  const result = await tx.execute(sql`
    insert into ${engagementStatus} as s (client_id, vip, average_assets_paise, score, parts, computed_at)
    select id, 0, 0, 0, '[]'::jsonb, ${now} from unnest(${uuids(ids)}) as u(id) order by id
    on conflict (client_id) do update set client_id = excluded.client_id
    returning s.client_id, s.score, jsonb_array_length(s.parts) as parts`);
  const rows = (
    result as unknown as { rows: { client_id: string; score: number; parts: number }[] }
  ).rows;
  return new Map(rows.map((r) => [r.client_id, r]));
}

type Standing = { clientId: string; vip: number; average: bigint; score: number; parts: unknown };

async function storeStandings(
  deps: StandingDeps,
  reasons: ReadonlyMap<string, string>,
  facts: ReadonlyMap<string, ClientFacts>,
  now: Date,
): Promise<Map<string, ComputeResult>> {
  const today = istDateOf(now);
  const ids = [...facts.keys()].sort();
  const assets = new Map(
    ids.map((id) => {
      const f = facts.get(id)!;
      const holdings = f.holdings.reduce((s, h) => s + h.valuePaise, 0n);
      return [id, totalAssets({ cash: f.cashPaise, holdings, loans: f.loansOwedPaise })];
    }),
  );
  return deps.db.transaction(async (tx) => {
    const before = await lockStatusRows(tx, ids, now);
    const { snapshots, tiers } = await storeSnapshots(deps, tx, { today, assets, now });
    const standings: Standing[] = ids.map((clientId) => {
      const parts = scoreParts(facts.get(clientId)!, now);
      const average = averageAssets(snapshots.get(clientId) ?? [], today);
      const vip = tierFor(tiers, average).level;
      return { clientId, vip, average, score: scoreOf(parts), parts };
    });
    await tx.execute(sql`update ${engagementStatus} s
      set vip = u.vip, average_assets_paise = u.average, score = u.score, parts = u.parts,
          computed_at = ${now}
      from unnest(${uuids(ids)}, ${sql.param(standings.map((s) => s.vip))}::int[],
                  ${sql.param(standings.map((s) => String(s.average)))}::bigint[],
                  ${sql.param(standings.map((s) => s.score))}::int[],
                  ${sql.param(standings.map((s) => JSON.stringify(s.parts)))}::jsonb[])
        as u(client_id, vip, average, score, parts)
      where s.client_id = u.client_id`);
    // A history line when the score moved, or on the first computation (no parts before).
    const changed = standings.filter((s) => {
      const was = before.get(s.clientId);
      return !was || was.score !== s.score || was.parts === 0;
    });
    if (changed.length)
      await tx.insert(scoreHistory).values(
        changed.map((s) => ({
          clientId: s.clientId,
          score: s.score,
          reason: reasons.get(s.clientId)!,
          at: now,
        })),
      );
    const reached = standings.flatMap((s) =>
      progressOf(facts.get(s.clientId)!, { now, vip: s.vip })
        .filter((a) => a.reached)
        .map((a) => ({ clientId: s.clientId, code: a.code, earnedAt: now })),
    );
    const granted = reached.length
      ? await tx
          .insert(achievementsEarned)
          .values(reached)
          .onConflictDoNothing()
          .returning({ clientId: achievementsEarned.clientId, code: achievementsEarned.code })
      : [];
    return new Map(
      standings.map((s) => [
        s.clientId,
        {
          vip: s.vip,
          score: s.score,
          granted: granted.filter((g) => g.clientId === s.clientId).map((g) => g.code),
        },
      ]),
    );
  });
}

/** The clients' stale marks as a computation about to read the facts finds them (`asks`). */
async function dueMarks(db: Db, ids: readonly string[]) {
  const result = await db.execute(
    sql`select client_id, asks from ${engagementDue} where client_id = any(${uuids(ids)})`,
  );
  const rows = (result as unknown as { rows: { client_id: string; asks: number }[] }).rows;
  return new Map(rows.map((r) => [r.client_id, r.asks]));
}

/**
 * A computation of several clients (client → its reason, the score history's line), and then
 * each client's stale mark cleared if no event touched it since the computation began: an
 * event committed before that is in the facts it read; one after has bumped `asks`, so its
 * mark stays for the computation its own event asks for. Client → what it computed; a client
 * that does not exist is absent.
 */
export async function computeAndClear(
  deps: StandingDeps,
  reasons: ReadonlyMap<string, string>,
): Promise<Map<string, ComputeResult>> {
  const ids = [...reasons.keys()];
  const seen = await dueMarks(deps.db, ids);
  const now = deps.clock.now();
  const facts = await factsOfMany(deps, ids);
  if (facts.size === 0) return new Map();
  const results = await storeStandings(deps, reasons, facts, now);
  await deps.ports.store(
    [...results].map(([clientId, r]) => ({ clientId, vip: r.vip, score: r.score })),
  );
  for (const [clientId, result] of results)
    if (result.granted.length)
      deps.bus?.publish(ACHIEVEMENT_CHANNEL, JSON.stringify({ clientId, codes: result.granted }));
  const cleared = [...seen].filter(([id]) => results.has(id));
  // Without waiting for a lock (SKIP LOCKED): a mark some step's transaction holds is being
  // bumped by an event that will ask for its own computation, so it stays; and a statement
  // that never waits cannot deadlock with a step marking several clients.
  if (cleared.length)
    await deps.db.execute(sql`with done as (
        select d.client_id from ${engagementDue} d
          join unnest(${uuids(cleared.map(([id]) => id))}, ${sql.param(cleared.map(([, asks]) => asks))}::int[])
            as u(client_id, asks) on d.client_id = u.client_id and d.asks = u.asks
          for update of d skip locked)
      delete from ${engagementDue} where client_id in (select client_id from done)`);
  return results;
}
