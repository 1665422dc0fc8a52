/** The console's loan queue and its days-past-due counts. */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DPD_BUCKETS, type TDpdBucket, type TLoanStatus } from '@sampada/shared';
import type { Viewer } from '../../platform/viewer.ts';
import { bucketSql, bucketWhere } from './dpd-sql.ts';
import { consoleViews } from './loan-console-views.ts';
import { type LoanDeps, todayOf } from './loan-deps.ts';
import { loans } from './tables.ts';

export type QueueFilter = {
  status?: TLoanStatus | undefined;
  clientId?: string | undefined;
  bucket?: TDpdBucket | undefined;
  after?: [string, string] | null;
  limit: number;
};

/** The queue: applied oldest first (a work queue); other statuses newest first. */
export async function loanQueue(deps: LoanDeps, viewer: Viewer | null, filter: QueueFilter) {
  const where: (SQL | undefined)[] = [];
  if (filter.status) where.push(eq(loans.status, filter.status));
  if (filter.clientId) where.push(eq(loans.clientId, filter.clientId));
  if (filter.bucket) {
    where.push(eq(loans.status, 'disbursed'));
    where.push(bucketWhere(filter.bucket, todayOf(deps)));
  }
  if (viewer && viewer.seesAdvisor !== null)
    where.push(inArray(loans.clientId, deps.clients.idsOfAdvisor(viewer.seesAdvisor)));
  const oldest = filter.status === 'applied';
  if (filter.after) {
    const [at, id] = filter.after;
    where.push(
      oldest
        ? sql`(${loans.createdAt}, ${loans.id}) > (${at}::timestamptz, ${id}::uuid)`
        : sql`(${loans.createdAt}, ${loans.id}) < (${at}::timestamptz, ${id}::uuid)`,
    );
  }
  const rows = await deps.db
    .select({ row: loans, cursorAt: sql<string>`${loans.createdAt}::text` })
    .from(loans)
    .where(and(...where))
    .orderBy(
      ...(oldest ? [asc(loans.createdAt), asc(loans.id)] : [desc(loans.createdAt), desc(loans.id)]),
    )
    .limit(filter.limit + 1);
  const list = await consoleViews(
    deps,
    rows.map((r) => r.row),
  );
  return rows.map((r, i) => ({ ...r, view: list[i]! }));
}

/** Disbursed loans by days-past-due bucket (the console queue's counts). */
export async function bucketCounts(
  deps: LoanDeps,
  viewer: Viewer | null,
): Promise<Record<TDpdBucket, number>> {
  const mine =
    viewer && viewer.seesAdvisor !== null
      ? inArray(loans.clientId, deps.clients.idsOfAdvisor(viewer.seesAdvisor))
      : undefined;
  const rows = await deps.db
    .select({ bucket: bucketSql(todayOf(deps)), n: sql<number>`count(*)::int` })
    .from(loans)
    .where(and(eq(loans.status, 'disbursed'), mine))
    .groupBy(sql`1`);
  const out = Object.fromEntries(DPD_BUCKETS.map((b) => [b, 0])) as Record<TDpdBucket, number>;
  for (const r of rows) out[r.bucket as TDpdBucket] = r.n;
  return out;
}
