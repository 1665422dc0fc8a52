/** The reads the standing's computation and its views share. */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type TVipTier, VIP_AVERAGE_DAYS, daysInMs } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import type { StandingDeps } from './engagement-deps.ts';
import type { ClientFacts } from './facts.ts';
import type { Snapshot } from './vip.ts';
import { STAFF_POINTS_CAP } from './recompute-policy.ts';
import { assetSnapshots, engagementStatus, scoreAdjustments, vipTiers } from './tables.ts';

type TierRow = Omit<typeof vipTiers.$inferSelect, 'updatedAt'>;

const tierView = (row: TierRow): TVipTier => ({
  level: row.level,
  min_assets_paise: Number(row.minAssetsPaise),
  brokerage_discount_bps: row.brokerageDiscountBps,
  daily_withdrawal_limit_paise:
    row.dailyWithdrawalLimitPaise === null ? null : Number(row.dailyWithdrawalLimitPaise),
});

export async function tiersOf(executor: Executor): Promise<TVipTier[]> {
  const rows = await executor.select().from(vipTiers).orderBy(asc(vipTiers.level));
  return rows.map(tierView);
}

/** Each client's staff adjustments, capped: one statement, client → points. */
async function staffPoints(db: Db, clientIds: readonly string[]) {
  const rows = await db
    .select({
      clientId: scoreAdjustments.clientId,
      total: sql<string>`coalesce(sum(${scoreAdjustments.points}), 0)::text`,
    })
    .from(scoreAdjustments)
    .where(inArray(scoreAdjustments.clientId, [...clientIds]))
    .groupBy(scoreAdjustments.clientId);
  const capped = (total: number) => Math.max(-STAFF_POINTS_CAP, Math.min(STAFF_POINTS_CAP, total));
  return new Map(rows.map((r) => [r.clientId, capped(Number(r.total))]));
}

/**
 * What engagement knows of several clients, client → facts, each read one statement or two
 * for all of them (decision 076); a client that does not exist is absent.
 */
export async function factsOfMany(
  { db, clock, ports }: Pick<StandingDeps, 'db' | 'clock' | 'ports'>,
  clientIds: readonly string[],
): Promise<Map<string, ClientFacts>> {
  const today = istDateOf(clock.now());
  // One read after another, not all at once: seven reads in parallel would take seven of the
  // pool's ten connections per computation, and RECOMPUTE_CONCURRENCY bounds computations
  // in order to leave the connections to the money requests. It costs a few milliseconds.
  const clients = await ports.clients(clientIds);
  const ids = clientIds.filter((id) => clients.has(id));
  if (ids.length === 0) return new Map();
  const cash = await ports.cash(ids);
  const holdings = await ports.holdings(ids);
  const trades = await ports.trades(ids);
  const deposits = await ports.deposits(ids);
  const loans = await ports.loans(ids, today);
  const staff = await staffPoints(db, ids);
  const facts = new Map<string, ClientFacts>();
  for (const id of ids) {
    const client = clients.get(id)!;
    const trade = trades.get(id);
    const loan = loans.get(id);
    const deposit = deposits.get(id);
    facts.set(id, {
      createdAt: client.createdAt,
      kycApproved: client.kycApproved,
      cashPaise: cash.get(id) ?? 0n,
      loansOwedPaise: loan?.owedPaise ?? 0n,
      depositsConfirmed: deposit?.confirmed ?? 0,
      claimsRejected: deposit?.rejected ?? 0,
      holdings: holdings.get(id) ?? [],
      fills: trade?.fills ?? [],
      filledOrdersByType: trade?.filledOrdersByType ?? {},
      ipoBids: trade?.ipoBids ?? 0,
      loansClosed: loan?.closed ?? 0,
      instalments: loan?.instalments ?? { due: 0, onTime: 0, late: 0 },
      staffPoints: staff.get(id) ?? 0,
    });
  }
  return facts;
}

/** What engagement knows of one client (its views); not found if there is no such client. */
export async function factsOf(
  deps: Pick<StandingDeps, 'db' | 'clock' | 'ports'>,
  clientId: string,
) {
  const facts = (await factsOfMany(deps, [clientId])).get(clientId);
  if (!facts) throw notFound('Client not found.');
  return facts;
}

/** The first day whose close can count in the average (the window and the close carried in). */
const windowStart = (clock: StandingDeps['clock']) =>
  istDateOf(new Date(clock.now().getTime() - daysInMs(VIP_AVERAGE_DAYS + 30)));

export async function snapshotsOf(
  { clock }: Pick<StandingDeps, 'clock'>,
  clientId: string,
  executor: Executor,
) {
  const rows = await executor
    .select()
    .from(assetSnapshots)
    .where(and(eq(assetSnapshots.clientId, clientId), gte(assetSnapshots.day, windowStart(clock))))
    .orderBy(asc(assetSnapshots.day));
  return rows.map((r) => ({ day: r.day, assetsPaise: r.assetsPaise }));
}

/**
 * Several clients' closing assets of today stored, and what their levels are decided from, in
 * one statement: each client's closes of the averaging window (today's as just stored) and
 * the tiers.
 */
export async function storeSnapshots(
  { clock }: Pick<StandingDeps, 'clock'>,
  tx: Executor,
  { today, assets, now }: { today: string; assets: ReadonlyMap<string, bigint>; now: Date },
): Promise<{ snapshots: Map<string, Snapshot[]>; tiers: TVipTier[] }> {
  const ids = [...assets.keys()];
  const result = await tx.execute(sql`
    with stored as (
      insert into ${assetSnapshots} as s (client_id, day, assets_paise, at)
      select u.client_id, ${today}, u.assets, ${now}
        from unnest(${sql.param(ids)}::uuid[], ${sql.param([...assets.values()].map(String))}::bigint[])
          as u(client_id, assets)
      on conflict (client_id, day) do update set assets_paise = excluded.assets_paise, at = excluded.at
      returning s.client_id, s.day, s.assets_paise),
    window_rows as (
      select client_id, day, assets_paise from ${assetSnapshots}
        where client_id = any(${sql.param(ids)}::uuid[]) and day >= ${windowStart(clock)}
          and day <> ${today}
      union all select client_id, day, assets_paise from stored)
    select
      (select coalesce(json_agg(json_build_object('client', w.client_id, 'day', w.day,
                'assets', w.assets_paise::text)), '[]') from window_rows w) as snapshots,
      (select json_agg(json_build_object('level', level,
                'minAssetsPaise', min_assets_paise::text,
                'brokerageDiscountBps', brokerage_discount_bps,
                'dailyWithdrawalLimitPaise', daily_withdrawal_limit_paise::text) order by level)
         from ${vipTiers}) as tiers`);
  const [row] = (result as unknown as { rows: StoredSnapshotRow[] }).rows;
  const snapshots = new Map<string, Snapshot[]>(ids.map((id) => [id, []]));
  for (const s of row!.snapshots)
    snapshots.get(s.client)?.push({ day: s.day, assetsPaise: BigInt(s.assets) });
  return {
    snapshots,
    tiers: row!.tiers.map((t) =>
      tierView({
        ...t,
        minAssetsPaise: BigInt(t.minAssetsPaise),
        dailyWithdrawalLimitPaise:
          t.dailyWithdrawalLimitPaise === null ? null : BigInt(t.dailyWithdrawalLimitPaise),
      }),
    ),
  };
}

/** The statement's one row: bigints as text, so that none passes through a JSON number. */
type StoredSnapshotRow = {
  snapshots: { client: string; day: string; assets: string }[];
  tiers: {
    level: number;
    minAssetsPaise: string;
    brokerageDiscountBps: number;
    dailyWithdrawalLimitPaise: string | null;
  }[];
};

export async function statusOf(db: Db, clientId: string) {
  const [row] = await db
    .select()
    .from(engagementStatus)
    .where(eq(engagementStatus.clientId, clientId));
  return row ?? null;
}
