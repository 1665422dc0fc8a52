/** The reads the standing's computation and its views share. */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { type TVipTier, VIP_AVERAGE_DAYS, daysInMs } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { istDateOf } from '../../platform/ist.ts';
import type { StandingDeps } from './engagement-deps.ts';
import type { ClientFacts } from './facts.ts';
import { STAFF_POINTS_CAP } from './recompute-policy.ts';
import { assetSnapshots, engagementStatus, scoreAdjustments, vipTiers } from './tables.ts';

const tierView = (row: typeof vipTiers.$inferSelect): TVipTier => ({
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
  // One read after another, not all at once: eight reads in parallel would take eight of the
  // pool's ten connections per computation, and RECOMPUTE_CONCURRENCY bounds computations
  // in order to leave the connections to the money requests. It costs a few milliseconds.
  const client = await ports.client(clientId);
  const cash = await ports.cash(clientId);
  const owed = await ports.loansOwed(clientId);
  const holdings = await ports.holdings(clientId);
  const trades = await ports.trades(clientId);
  const deposits = await ports.deposits(clientId);
  const loans = await ports.loans(clientId, today);
  const staff = await staffPoints(db, clientId);
  return {
    createdAt: client.createdAt,
    kycApproved: client.kycApproved,
    cashPaise: cash,
    loansOwedPaise: owed,
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

export async function snapshotsOf(
  { clock }: Pick<StandingDeps, 'clock'>,
  clientId: string,
  executor: Executor,
) {
  const since = istDateOf(new Date(clock.now().getTime() - daysInMs(VIP_AVERAGE_DAYS + 30)));
  const rows = await executor
    .select()
    .from(assetSnapshots)
    .where(and(eq(assetSnapshots.clientId, clientId), gte(assetSnapshots.day, since)))
    .orderBy(asc(assetSnapshots.day));
  return rows.map((r) => ({ day: r.day, assetsPaise: r.assetsPaise }));
}

export async function statusOf(db: Db, clientId: string) {
  const [row] = await db
    .select()
    .from(engagementStatus)
    .where(eq(engagementStatus.clientId, clientId));
  return row ?? null;
}
