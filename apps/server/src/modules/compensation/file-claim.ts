/**
 * A client's claim: the flag (403), the cap, the related record and the images checked
 * before anything is written; then the claim, its evidence and first event at once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CPM,
  DECISION_DAYS,
  formatPaise,
  type TClaimDetail,
  type TCompensationCategory,
  type TRelatedKind,
} from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import type { ClientRow } from '../clients/service.ts';
import type { ClaimDeps } from './claim-deps.ts';
import { attachEvidence, evidenceUploads } from './claim-evidence.ts';
import { claimDetail } from './claim-reads.ts';
import { claimSettings } from './claim-settings.ts';
import { recordClaimEvent } from './lifecycle.ts';
import { compensationClaims } from './tables.ts';
import { dueDate } from './views.ts';

export type ClaimInput = {
  category: TCompensationCategory;
  amount_paise: bigint;
  description: string;
  related: { kind: TRelatedKind; id: string } | null;
  evidence: string[];
};

export type FileClaimOptions = { actor: Actor; baseUrl: string; transaction?: TransactionRunner };

export async function fileClaim(
  deps: ClaimDeps,
  client: ClientRow,
  input: ClaimInput,
  options: FileClaimOptions,
): Promise<TClaimDetail> {
  if (!client.allowCompensation) throw forbidden(CPM.notAllowed);
  // A claim asks the firm for money: only a client whose identity is verified may file one.
  if (client.kycStatus !== 'approved') throw forbidden(CPM.kycRequired);
  const { max_claim_paise: cap } = await claimSettings(deps);
  if (input.amount_paise > BigInt(cap)) throw badRequest(CPM.amountAboveCap(cap));
  const label = input.related
    ? await deps.related(client.id, input.related.kind, input.related.id)
    : null;
  if (input.related && label === null) throw badRequest(CPM.relatedNotYours);
  const images = await evidenceUploads(deps, client.id, input.evidence);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const { row, reference, due } = await insertClaim(deps, tx, client, input, label);
    const eventId = await recordClaimEvent(tx, deps.clock, row.id, {
      kind: 'submit',
      by: 'client',
      message: `Claim ${reference} submitted for ${formatPaise(input.amount_paise)}. A decision is due by ${due}.`,
    });
    await attachEvidence(tx, row.id, images, eventId);
    await recordAudit(tx, options.actor, {
      action: 'compensation.apply',
      subjectType: 'compensation_claim',
      subjectId: row.id,
      after: {
        clientId: client.id,
        reference,
        category: input.category,
        amountPaise: input.amount_paise.toString(),
        related: input.related,
        images: images.length,
      },
    });
    return claimDetail(deps, row, options.baseUrl, tx);
  });
}

/** The claim's row, numbered from its sequence (the reference shows the number). */
async function insertClaim(
  deps: ClaimDeps,
  tx: Tx,
  client: ClientRow,
  input: ClaimInput,
  label: string | null,
) {
  const now = deps.clock.now();
  const id = randomUUID();
  const [seq] = (
    (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('compensation_claims', 'number'))::int as n`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  const number = seq!.n;
  const reference = `CMP-${now.getUTCFullYear()}-${String(number).padStart(6, '0')}`;
  const due = dueDate(now, DECISION_DAYS);
  // The count of officers it needs shows from the start ("0 of 2", not "0 of 1" then
  // "1 of 2"); a first approval of a partial amount sets it again (approveIn).
  const { approval_threshold_paise: threshold } = await claimSettings(deps, tx);
  const [row] = await tx
    .insert(compensationClaims)
    .values({
      id,
      number,
      reference,
      clientId: client.id,
      category: input.category,
      amountClaimedPaise: input.amount_paise,
      approvalsRequired: input.amount_paise > BigInt(threshold) ? 2 : 1,
      description: input.description,
      relatedKind: input.related?.kind ?? null,
      relatedId: input.related?.id ?? null,
      relatedLabel: label,
      decisionDue: due,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { row: row!, reference, due };
}
