import { eq, sql } from 'drizzle-orm';
import { CPM, type TClaimDetail } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { ClaimDeps } from './claim-deps.ts';
import { attachEvidence, evidenceUploads } from './claim-evidence.ts';
import { claimDetail, claimOf } from './claim-reads.ts';
import { applyClaimTransition } from './lifecycle.ts';
import { compensationEvidence } from './tables.ts';

/** The client answers a question: text and images; the claim goes back under review. */
export async function replyToClaim(
  deps: ClaimDeps,
  clientId: string,
  claimId: string,
  input: { message: string; evidence: string[] },
  options: { actor: Actor; baseUrl: string },
): Promise<TClaimDetail> {
  await claimOf(deps, claimId, clientId);
  const images = await evidenceUploads(deps, clientId, input.evidence);
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(compensationEvidence)
      .where(eq(compensationEvidence.claimId, claimId));
    if ((row?.n ?? 0) + images.length > 50) throw badRequest(CPM.tooManyImages(50));
    const { row: moved, eventId } = await applyClaimTransition(tx, deps.clock, {
      events: deps.events,
      claimId,
      clientId,
      action: 'reply',
      actor: options.actor,
      event: { by: 'client', message: input.message },
      audit: { images: images.length },
    });
    await attachEvidence(tx, claimId, images, eventId);
    return claimDetail(deps, moved, options.baseUrl, tx);
  });
}
