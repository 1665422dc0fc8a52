/** Reading claims: one row, its timeline and evidence, and the client's views of them. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  CPM,
  type TClaimDetail,
  type TClaimEvent,
  type TClaimStatus,
  type TClaimView,
} from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { ClaimDeps } from './claim-deps.ts';
import type { ClaimRow } from './lifecycle.ts';
import { compensationClaims, compensationEvents, compensationEvidence } from './tables.ts';
import { claimView } from './views.ts';

export async function claimOf(
  deps: ClaimDeps,
  claimId: string,
  clientId?: string,
  executor: Executor = deps.db,
) {
  const [row] = await executor
    .select()
    .from(compensationClaims)
    .where(
      and(
        eq(compensationClaims.id, claimId),
        clientId ? eq(compensationClaims.clientId, clientId) : undefined,
      ),
    );
  if (!row) throw notFound(CPM.claimNotFound);
  return row;
}

/** A claim ever made stays readable to its owner whatever the flag says now. */
export async function hasClaims(deps: ClaimDeps, clientId: string) {
  const [row] = await deps.db
    .select({ id: compensationClaims.id })
    .from(compensationClaims)
    .where(eq(compensationClaims.clientId, clientId))
    .limit(1);
  return !!row;
}

async function timeline(
  deps: ClaimDeps,
  claimIds: string[],
  baseUrl: string | null,
  executor: Executor,
): Promise<{ events: Map<string, TClaimEvent[]>; evidence: Map<string, string[]> }> {
  const events = new Map<string, TClaimEvent[]>();
  const evidence = new Map<string, string[]>();
  if (claimIds.length === 0) return { events, evidence };
  // One after the other: inside a transaction the executor is one connection.
  const eventRows = await executor
    .select()
    .from(compensationEvents)
    .where(inArray(compensationEvents.claimId, claimIds))
    .orderBy(asc(compensationEvents.id));
  const evidenceRows = await executor
    .select()
    .from(compensationEvidence)
    .where(inArray(compensationEvidence.claimId, claimIds))
    .orderBy(asc(compensationEvidence.position));
  const link = (uploadId: string) =>
    baseUrl ? deps.uploads.signedUrl(baseUrl, uploadId) : uploadId;
  for (const e of eventRows) {
    const images = evidenceRows.filter((v) => v.eventId === e.id).map((v) => link(v.uploadId));
    events.set(e.claimId, [
      ...(events.get(e.claimId) ?? []),
      {
        at: e.at.toISOString(),
        kind: e.kind,
        by: e.by as TClaimEvent['by'],
        message: e.message,
        images,
      },
    ]);
  }
  for (const v of evidenceRows)
    evidence.set(v.claimId, [...(evidence.get(v.claimId) ?? []), link(v.uploadId)]);
  return { events, evidence };
}

export async function claimDetail(
  deps: ClaimDeps,
  row: ClaimRow,
  baseUrl: string | null,
  executor: Executor = deps.db,
): Promise<TClaimDetail> {
  const { events: ev, evidence } = await timeline(deps, [row.id], baseUrl, executor);
  return {
    ...claimView(row, deps.clock.now()),
    evidence: evidence.get(row.id) ?? [],
    events: ev.get(row.id) ?? [],
  };
}

export async function claimsOfClient(
  deps: ClaimDeps,
  clientId: string,
  status?: TClaimStatus,
): Promise<TClaimView[]> {
  const rows = await deps.db
    .select()
    .from(compensationClaims)
    .where(
      and(
        eq(compensationClaims.clientId, clientId),
        status ? eq(compensationClaims.status, status) : undefined,
      ),
    )
    .orderBy(desc(compensationClaims.createdAt));
  return rows.map((r) => claimView(r, deps.clock.now()));
}

/** Every claim of a client with its timeline, for the applications page. */
export async function applicationsOf(deps: ClaimDeps, clientId: string) {
  const rows = await deps.db
    .select()
    .from(compensationClaims)
    .where(eq(compensationClaims.clientId, clientId))
    .orderBy(desc(compensationClaims.createdAt));
  const { events: ev } = await timeline(
    deps,
    rows.map((r) => r.id),
    null,
    deps.db,
  );
  return rows.map((r) => ({ view: claimView(r, deps.clock.now()), events: ev.get(r.id) ?? [] }));
}
