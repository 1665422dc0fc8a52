/** A claim's evidence: the client's own uploaded images, attached in order. */
import { eq, sql } from 'drizzle-orm';
import { CPM } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ClaimDeps } from './claim-deps.ts';
import { compensationEvidence } from './tables.ts';

/** The uploads behind signed links, each the client's own evidence image; 400 otherwise. */
export async function evidenceUploads(deps: ClaimDeps, clientId: string, urls: string[]) {
  const found = await Promise.all(
    [...new Set(urls)].map((url) => deps.uploads.ownedUploadFromUrl(clientId, url, 'evidence')),
  );
  if (found.some((u) => u === null)) throw badRequest(CPM.imageNotYours);
  return found.map((u) => u!.id);
}

export async function attachEvidence(
  tx: Tx,
  claimId: string,
  uploadIds: string[],
  eventId: number | null,
) {
  if (uploadIds.length === 0) return;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(compensationEvidence)
    .where(eq(compensationEvidence.claimId, claimId));
  await tx
    .insert(compensationEvidence)
    .values(
      uploadIds.map((uploadId, i) => ({
        claimId,
        uploadId,
        eventId,
        position: (row?.n ?? 0) + i,
      })),
    )
    .onConflictDoNothing();
}
