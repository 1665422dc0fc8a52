/** The console's claim queue and its counts. */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { OPEN_CLAIM_STATUSES, paiseNumber, type TClaimStatus } from '@sampada/shared';
import type { Viewer } from '../../platform/viewer.ts';
import { consoleClaims } from './claim-console-views.ts';
import type { ClaimDeps } from './claim-deps.ts';
import { compensationClaims } from './tables.ts';

export type ClaimQueueFilter = {
  status: TClaimStatus | 'open' | 'all';
  clientId?: string | undefined;
  after?: [string, string] | null;
  limit: number;
};

/**
 * The queue. Open claims: due first, so overdue ones lead (the due date is 21 days after
 * submission); any other status newest first.
 */
export async function claimQueue(deps: ClaimDeps, viewer: Viewer | null, filter: ClaimQueueFilter) {
  const where: (SQL | undefined)[] = [];
  const open = filter.status === 'open';
  if (open) where.push(inArray(compensationClaims.status, [...OPEN_CLAIM_STATUSES]));
  else if (filter.status !== 'all') where.push(eq(compensationClaims.status, filter.status));
  if (filter.clientId) where.push(eq(compensationClaims.clientId, filter.clientId));
  if (viewer && viewer.seesAdvisor !== null)
    where.push(inArray(compensationClaims.clientId, deps.clients.idsOfAdvisor(viewer.seesAdvisor)));
  if (filter.after) {
    const [at, id] = filter.after;
    where.push(
      open
        ? sql`(${compensationClaims.createdAt}, ${compensationClaims.id}) > (${at}::timestamptz, ${id}::uuid)`
        : sql`(${compensationClaims.createdAt}, ${compensationClaims.id}) < (${at}::timestamptz, ${id}::uuid)`,
    );
  }
  const rows = await deps.db
    .select({
      row: compensationClaims,
      cursorAt: sql<string>`${compensationClaims.createdAt}::text`,
    })
    .from(compensationClaims)
    .where(and(...where))
    .orderBy(
      ...(open
        ? [asc(compensationClaims.createdAt), asc(compensationClaims.id)]
        : [desc(compensationClaims.createdAt), desc(compensationClaims.id)]),
    )
    .limit(filter.limit + 1);
  const views = await consoleClaims(
    deps,
    rows.map((r) => r.row),
  );
  return rows.map((r, i) => ({ ...r, view: views[i]! }));
}

export async function countOpen(deps: ClaimDeps) {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(compensationClaims)
    .where(inArray(compensationClaims.status, [...OPEN_CLAIM_STATUSES]));
  return row?.n ?? 0;
}

/** What compensation the firm has paid (the console's dashboard). */
export async function paidTotal(deps: ClaimDeps): Promise<number> {
  const [row] = await deps.db
    .select({
      total: sql<string>`coalesce(sum(${compensationClaims.amountApprovedPaise}), 0)::text`,
    })
    .from(compensationClaims)
    .where(eq(compensationClaims.status, 'paid'));
  return paiseNumber(BigInt(row?.total ?? '0'));
}
