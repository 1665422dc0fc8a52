/** The console's views of claims: the client's reference, the officers and prior claims. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TConsoleClaim, TConsoleClaimDetail } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { assertSees, type Viewer } from '../../platform/viewer.ts';
import type { ClaimDeps } from './claim-deps.ts';
import { claimDetail } from './claim-reads.ts';
import type { ClaimRow } from './lifecycle.ts';
import { compensationClaims } from './tables.ts';
import { ageDays, claimView } from './views.ts';

export async function consoleClaims(
  deps: ClaimDeps,
  rows: ClaimRow[],
  executor: Executor = deps.db,
) {
  const refs = await deps.clients.refsOf(
    rows.map((r) => r.clientId),
    executor,
  );
  const names = await deps.staff.namesOf(
    rows.flatMap((r) => [r.firstApprovedBy, r.secondApprovedBy]),
    executor,
  );
  const now = deps.clock.now();
  return rows.map((row): TConsoleClaim => ({
    ...claimView(row, now),
    client: {
      id: row.clientId,
      uid: refs.get(row.clientId)?.uid ?? '',
      name: refs.get(row.clientId)?.name ?? null,
    },
    age_days: ageDays(row, now),
    approved_by: [row.firstApprovedBy, row.secondApprovedBy]
      .filter((id): id is string => id !== null)
      .map((id) => names.get(id)?.email ?? id),
  }));
}

export async function consoleClaimDetail(
  deps: ClaimDeps,
  row: ClaimRow,
  baseUrl: string | null,
  executor: Executor = deps.db,
): Promise<TConsoleClaimDetail> {
  // One after the other: inside a transaction the executor is one connection.
  const [extras] = await consoleClaims(deps, [row], executor);
  const full = await claimDetail(deps, row, baseUrl, executor);
  const prior = await executor
    .select()
    .from(compensationClaims)
    .where(
      and(
        eq(compensationClaims.clientId, row.clientId),
        sql`${compensationClaims.id} <> ${row.id}`,
      ),
    )
    .orderBy(desc(compensationClaims.createdAt))
    .limit(20);
  return {
    ...extras!,
    evidence: full.evidence,
    events: full.events,
    prior_claims: prior.map((p) => claimView(p, deps.clock.now())),
  };
}

/** An advisor reads only their own clients' claims (a null viewer: the CLI, full authority). */
export async function assertClaimVisible(deps: ClaimDeps, viewer: Viewer | null, row: ClaimRow) {
  if (!viewer || viewer.seesAdvisor === null) return;
  assertSees(viewer, (await deps.clients.byId(row.clientId)).advisorId);
}
