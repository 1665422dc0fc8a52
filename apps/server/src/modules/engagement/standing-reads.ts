/** The reads the standing's computation and its views share. */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { type TVipTier, VIP_AVERAGE_DAYS, daysInMs } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
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

async function staffPoints(db: Db, clientId: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${scoreAdjustments.points}), 0)::text` })
    .from(scoreAdjustments)
    .where(eq(scoreAdjustments.clientId, clientId));
  const total = Number(row?.total ?? 0);
  return Math.max(-STAFF_POINTS_CAP, Math.min(STAFF_POINTS_CAP, total));
}

export async function factsOf(
  { db, clock, ports }: Pick<StandingDeps, 'db' | 'clock' | 'ports'>,
  clientId: string,
): Promise<ClientFacts> {
  const today = istDateOf(clock.now());
  // One read after another, not all at once: seven reads in parallel would take seven of the
  // pool's ten connections per computation, and RECOMPUTE_CONCURRENCY bounds computations
  // in order to leave the connections to the money requests. It costs a few milliseconds.
  const client = await ports.client(clientId);
  const cash = await ports.cash(clientId);
  const holdings = await ports.holdings(clientId);
  const trades = await ports.trades(clientId);
  const deposits = await ports.deposits(clientId);
  const loans = await ports.loans(clientId, today);
  const staff = await staffPoints(db, clientId);
  return {
    createdAt: client.createdAt,
    kycApproved: client.kycApproved,
    cashPaise: cash,
    loansOwedPaise: loans.owedPaise,
    depositsConfirmed: deposits.confirmed,
    claimsRejected: deposits.rejected,
    holdings,
    fills: trades.fills,
    filledOrdersByType: trades.filledOrdersByType,
    ipoBids: trades.ipoBids,
    loansClosed: loans.closed,
    instalments: loans.instalments,
    staffPoints: staff,
  };
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
 * Today's closing assets stored, and what the level is decided from, in one statement: the
 * closes of the averaging window (today's as just stored) and the tiers.
 */
export async function storeSnapshot(
  { clock }: Pick<StandingDeps, 'clock'>,
  tx: Executor,
  clientId: string,
  { today, assets, now }: { today: string; assets: bigint; now: Date },
): Promise<{ snapshots: Snapshot[]; tiers: TVipTier[] }> {
  const result = await tx.execute(sql`
    with stored as (
      insert into ${assetSnapshots} as s (client_id, day, assets_paise, at)
      values (${clientId}, ${today}, ${assets}, ${now})
      on conflict (client_id, day) do update set assets_paise = excluded.assets_paise, at = excluded.at
      returning s.day, s.assets_paise)
    select
      (select coalesce(json_agg(json_build_object('day', w.day, 'assets', w.assets_paise::text)), '[]')
         from (select day, assets_paise from ${assetSnapshots}
                where client_id = ${clientId} and day >= ${windowStart(clock)} and day <> ${today}
               union all select day, assets_paise from stored) w) as snapshots,
      (select json_agg(json_build_object('level', level,
                'minAssetsPaise', min_assets_paise::text,
                'brokerageDiscountBps', brokerage_discount_bps,
                'dailyWithdrawalLimitPaise', daily_withdrawal_limit_paise::text) order by level)
         from ${vipTiers}) as tiers`);
  const [row] = (result as unknown as { rows: StoredSnapshotRow[] }).rows;
  return {
    snapshots: row!.snapshots.map((s) => ({ day: s.day, assetsPaise: BigInt(s.assets) })),
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
  snapshots: { day: string; assets: string }[];
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
