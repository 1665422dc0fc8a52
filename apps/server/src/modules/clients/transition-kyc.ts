/**
 * The one writer of `kyc_status`. The KYC module declares its steps (the status each
 * starts from and ends in, what a refusal says); this module applies one to its own row
 * with applyTransition, in the caller's transaction: one guarded UPDATE, so of two
 * reviews racing exactly one moves it, then the step's effect, the audit row and the
 * event. A submission sets the name on its record in the same UPDATE.
 */
import type { TKycStatus } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { applyTransition, type Lifecycle, type Move } from '../../platform/transitions.ts';
import type { ClientDeps } from './client-deps.ts';
import { wrote } from './client-row.ts';
import { clients } from './tables.ts';

/** The KYC steps as the KYC module declares them, applied to this module's row. */
export type KycSteps<A extends string> = Omit<
  Lifecycle<typeof clients, A, TKycStatus>,
  'table' | 'state'
>;

export function transitionKyc<A extends string>(
  deps: ClientDeps,
  tx: Tx,
  clientId: string,
  steps: KycSteps<A>,
  action: A,
  move: Omit<Move<typeof clients>, 'id' | 'set'> & { name?: string },
) {
  const { name, ...rest } = move;
  wrote(deps, tx, clientId);
  return applyTransition(tx, { ...steps, table: clients, state: { field: 'kycStatus' } }, action, {
    ...rest,
    id: clientId,
    ...(name === undefined ? {} : { set: { name } }),
  });
}
