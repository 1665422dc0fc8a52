/** The KYC steps: which client status each action moves from and to, and why one is refused. */
import { ApiMessage, type TKycStatus } from '@sampada/shared';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Transition } from '../../platform/transitions.ts';
import type { KycSteps } from '../clients/service.ts';

export type KycAction = 'submit' | 'approve' | 'reject' | 'reopen';

/** Client status before and after each action; a submission's own status follows it. */
export const KYC_TRANSITIONS: Record<
  KycAction,
  Transition<TKycStatus> & { submission?: 'approved' | 'rejected' | 'reopened' }
> = {
  submit: { from: ['unverified'], to: 'pending' },
  approve: { from: ['pending'], to: 'approved', submission: 'approved' },
  reject: { from: ['pending'], to: 'rejected', submission: 'rejected' },
  reopen: { from: ['rejected'], to: 'unverified', submission: 'reopened' },
};

const REFUSAL: Record<TKycStatus, string> = {
  pending: ApiMessage.kycAlreadyPending,
  approved: ApiMessage.kycAlreadyApproved,
  rejected: ApiMessage.kycRejected,
  unverified: 'There is no KYC submission waiting for review.',
};

/**
 * A client's KYC status moves only by these steps, applied by the clients module (the owner
 * of the status); the audit log files them under the client.
 */
export const KYC: KycSteps<KycAction> = {
  name: 'kyc',
  subject: 'client',
  transitions: KYC_TRANSITIONS,
  refuse(action, current: TKycStatus | null) {
    if (current === null) return notFound('Client not found.');
    if (action === 'submit') return badRequest(REFUSAL[current] ?? REFUSAL.pending);
    const from = KYC_TRANSITIONS[action].from.join(' or ');
    return badRequest(
      `Cannot ${action} KYC: the client's status is ${current}, it must be ${from}.`,
    );
  },
};
