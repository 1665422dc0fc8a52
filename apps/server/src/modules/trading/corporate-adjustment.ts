/**
 * Applying a split, consolidation, bonus or symbol change to holdings (issue 34, decision
 * 040), inside the transaction that marks the action applied. On the ex-date:
 * - every awaiting order and active GTT in the scrip is cancelled, with the reason (what the
 *   exchanges do; a price set before the ex-date means nothing after it), releasing cash on
 *   hold and reserved shares;
 * - each client holding it before the ex-date (fills + earlier adjustments) gets one
 *   holding_adjustments row, the lots' record: a split or consolidation re-counts the shares
 *   (total cost unchanged, so the average price moves by the inverse ratio; acquisition dates
 *   kept for the holding period), a bonus adds floor(held × new / old) shares at nil cost
 *   acquired on the allotment date (section 55(2)(aa)), a symbol change moves the holding;
 * - pledged shares follow the ratio (a split's new shares are as pledged as the old); a
 *   bonus's new shares arrive free, as the depositories credit them.
 */
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { applyCorporateAction, type CorporateAdjustmentDeps } from './apply-corporate-action.ts';
import type { HoldingAction } from './holding-action.ts';

export { type HoldingAction, quantityAfter } from './holding-action.ts';

export function createCorporateAdjustment(deps: CorporateAdjustmentDeps) {
  return {
    /** Applies one action; answers how many clients' holdings and open orders it changed. */
    apply: (tx: Tx, a: HoldingAction, actor: Actor) => applyCorporateAction(deps, tx, a, actor),
  };
}
export type CorporateAdjustment = ReturnType<typeof createCorporateAdjustment>;
