/** The client submits their KYC once: their own two ID images, the ID number kept encrypted. */
import { ApiMessage, idNumberType } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { encrypt } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { KycDeps, KycSubmission } from './kyc-deps.ts';
import { KYC } from './kyc-steps.ts';
import { kycSubmissions } from './tables.ts';

export async function submitKyc(
  deps: KycDeps,
  clientId: string,
  input: KycSubmission,
  actor: Actor,
) {
  const { db, clock, dataKey, clients: clientService, uploads, events } = deps;
  const idType = idNumberType(input.id_no);
  if (!idType) throw badRequest(ApiMessage.kycIdInvalid);
  const [front, back] = await Promise.all([
    uploads.ownedUploadFromUrl(clientId, input.id_front_url),
    uploads.ownedUploadFromUrl(clientId, input.id_back_url),
  ]);
  if (!front || !back) throw badRequest(ApiMessage.kycImageNotYours);
  await inTransaction(db, async (tx) => {
    let submissionId: string | undefined;
    await clientService.transitionKyc(tx, clientId, KYC, 'submit', {
      at: clock.now(),
      name: input.full_name,
      async effect() {
        const [row] = await tx
          .insert(kycSubmissions)
          .values({
            clientId,
            fullName: input.full_name,
            dob: input.dob,
            mobile: input.mobile || null,
            idType,
            idNoEnc: encrypt(input.id_no, dataKey),
            idNoLast4: input.id_no.slice(-4),
            frontUploadId: front.id,
            backUploadId: back.id,
            submittedAt: clock.now(),
          })
          .returning({ id: kycSubmissions.id });
        submissionId = row!.id;
      },
      audit: { actor, details: () => ({ submissionId }) },
      events,
    });
  });
  await clientService.settled();
}
