/**
 * Compensation claims from application to payment (issue 17, docs/api-applications.md): the
 * client applies (amount under the console's cap, the related order or transaction checked
 * to be theirs through the trading and funds ports, evidence images their own uploads),
 * answers questions and may withdraw before a decision; operations review, ask, approve
 * (twice by two officers above the threshold), reject and pay. Payment credits the client's
 * cash from the firm's compensation account in the transaction that records it. Each use
 * case is its own file.
 */
import type { TClaimStatus, TCompensationSettings } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { ClientRow } from '../clients/service.ts';
import { approveClaim } from './approve-claim.ts';
import { askClaimInfo } from './ask-claim-info.ts';
import { assertClaimVisible, consoleClaimDetail } from './claim-console-views.ts';
import type { ClaimDeps, DecideWith } from './claim-deps.ts';
import { claimQueue, type ClaimQueueFilter, countOpen, paidTotal } from './claim-queue.ts';
import * as reads from './claim-reads.ts';
import { claimSettings, saveClaimSettings } from './claim-settings.ts';
import { type ClaimInput, fileClaim, type FileClaimOptions } from './file-claim.ts';
import { payClaim } from './pay-claim.ts';
import { rejectClaim } from './reject-claim.ts';
import { replyToClaim } from './reply-to-claim.ts';
import { reviewClaim } from './review-claim.ts';
import { withdrawClaim } from './withdraw-claim.ts';

export type { RelatedRecords } from './claim-deps.ts';
export { DEFAULT_SETTINGS } from './claim-settings.ts';

type ClientOptions = { actor: Actor; baseUrl: string };
type Reply = { message: string; evidence: string[] };
type Approval = { amount?: bigint | undefined; reason: string };

export function createClaims(deps: ClaimDeps) {
  return {
    settings: (executor?: Executor) => claimSettings(deps, executor),
    hasClaims: (clientId: string) => reads.hasClaims(deps, clientId),
    saveSettings: (input: TCompensationSettings, actor: Actor) =>
      saveClaimSettings(deps, input, actor),
    apply: (client: ClientRow, input: ClaimInput, options: FileClaimOptions) =>
      fileClaim(deps, client, input, options),
    reply: (clientId: string, claimId: string, input: Reply, options: ClientOptions) =>
      replyToClaim(deps, clientId, claimId, input, options),
    withdraw: (clientId: string, claimId: string, options: ClientOptions) =>
      withdrawClaim(deps, clientId, claimId, options),
    listOfClient: (clientId: string, status?: TClaimStatus) =>
      reads.claimsOfClient(deps, clientId, status),
    ofClient: async (clientId: string, claimId: string, baseUrl: string) =>
      reads.claimDetail(deps, await reads.claimOf(deps, claimId, clientId), baseUrl),
    applicationsOf: (clientId: string) => reads.applicationsOf(deps, clientId),
    queue: (viewer: Viewer | null, filter: ClaimQueueFilter) => claimQueue(deps, viewer, filter),
    async consoleDetail(viewer: Viewer | null, claimId: string, baseUrl: string | null) {
      const row = await reads.claimOf(deps, claimId);
      await assertClaimVisible(deps, viewer, row);
      return consoleClaimDetail(deps, row, baseUrl);
    },
    countOpen: () => countOpen(deps),
    review: (claimId: string, options: DecideWith) => reviewClaim(deps, claimId, options),
    askInfo: (claimId: string, question: string, options: DecideWith) =>
      askClaimInfo(deps, claimId, question, options),
    approve: (claimId: string, input: Approval, options: DecideWith) =>
      approveClaim(deps, claimId, input, options),
    reject: (claimId: string, reason: string, options: DecideWith) =>
      rejectClaim(deps, claimId, reason, options),
    pay: (claimId: string, options: DecideWith) => payClaim(deps, claimId, options),
    paidTotal: () => paidTotal(deps),
  };
}
export type Claims = ReturnType<typeof createClaims>;
