/**
 * KYC: the client submits once; staff approve, reject with a reason, or reopen a rejected
 * record so the client can submit again. Transitions are data; one function applies them.
 */
import type { Actor } from '../../platform/audit.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { KycDeps, KycSubmission } from './kyc-deps.ts';
import type { KycAction } from './kyc-steps.ts';
import {
  firstApprovalsOf,
  kycDetail,
  latestIdsOf,
  pendingQueue,
  submissionsOf,
} from './kyc-records.ts';
import { reviewKyc } from './review-kyc.ts';
import { submitKyc } from './submit-kyc.ts';

export type { KycSubmission } from './kyc-deps.ts';
export { type KycAction, KYC_TRANSITIONS } from './kyc-steps.ts';

export function createKycService(deps: KycDeps) {
  return {
    submit: (clientId: string, input: KycSubmission, actor: Actor) =>
      submitKyc(deps, clientId, input, actor),

    /** Every submission of a client, newest first: the applications page's KYC entries. */
    submissionsOf: (clientId: string) => submissionsOf(deps.db, clientId),

    /** When each client's first approved submission was approved (engagement's time with us). */
    firstApprovalsOf: (clientIds: readonly string[]) => firstApprovalsOf(deps.db, clientIds),

    /** The caller's own latest record with fresh signed image links, or null. */
    detail: (clientId: string, baseUrl: string, options: { unmasked?: boolean } = {}) =>
      kycDetail(deps, clientId, baseUrl, options),

    /** The unmasked ID on each client's latest submission, many clients in one read. */
    latestIdsOf: (clientIds: string[]) => latestIdsOf(deps, clientIds),

    /** The review queue of the clients the viewer may see, oldest first (kyc-records.ts). */
    pendingQueue: (viewer: Viewer, filter: { after?: [string, string] | null; limit: number }) =>
      pendingQueue(deps, viewer, filter),

    /** Pending reviews among the clients the viewer may see (the dashboard's count). */
    countPending: (viewer: Viewer): Promise<number> =>
      deps.clients.countByKycStatus('pending', viewer.seesAdvisor),

    /** Staff (or the operator CLI) approve, reject or reopen (review-kyc.ts). */
    review: (
      clientId: string,
      action: Exclude<KycAction, 'submit'>,
      actor: Actor,
      options: { reason?: string; viewer?: Viewer } = {},
    ) => reviewKyc(deps, clientId, action, actor, options),
  };
}
export type KycService = ReturnType<typeof createKycService>;
