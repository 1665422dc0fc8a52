import { CPM } from '@sampada/shared';
import { assertDecider } from '../../platform/maker-checker.ts';
import type { ClaimDeps } from './claim-deps.ts';

/** A staff member who may decide compensation claims (403 otherwise). */
export async function claimDecider(deps: ClaimDeps, staffId: string) {
  const row = await deps.staff.findById(staffId);
  assertDecider(row, 'compensationDecide', CPM.deciderOnly);
  return row;
}
