/**
 * GTT (good till triggered) orders: a client sets a trigger, valid for a year, that holds no
 * cash and no shares; when a print crosses it, the GTT fires and places a limit order
 * (placement.placeTriggered), which holds cash or reserves shares then — or is rejected with
 * the reason when it cannot. A single GTT fires when the price crosses its trigger from the
 * side it was on when set; an OCO (a target above the price and a stop below it, selling a
 * holding) fires whichever leg the price reaches first. Firing locks the row, decides on the
 * locked row (an edit may have moved the triggers) and takes the one step `trigger` from
 * active: so of two legs, or two passes, exactly one fires, and the other leg is cancelled by
 * the same UPDATE. The matcher calls `check` on every print and `expire` on its sweep.
 */
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { cancelGttsInScrip } from './cancel-gtts-in-scrip.ts';
import { checkGtts } from './check-gtts.ts';
import { createGtt } from './create-gtt.ts';
import { editGtt } from './edit-gtt.ts';
import { expireGtts } from './expire-gtts.ts';
import { fireGtt } from './fire-gtt.ts';
import type { GttDeps } from './gtt-deps.ts';
import { gttOfClient, listGtts } from './gtt-reads.ts';
import type { GttEditInput, GttInput, GttWriteOptions } from './gtt-types.ts';
import { removeGtt } from './remove-gtt.ts';

export { legCrossed } from './gtt-rules.ts';
export type { ApiGtt, GttEditInput, GttInput, GttRow } from './gtt-types.ts';

export function createGtts(deps: GttDeps) {
  return {
    fire: (id: string, last: bigint) => fireGtt(deps, id, last),
    create: (clientId: string, input: GttInput, options: GttWriteOptions) =>
      createGtt(deps, clientId, input, options),
    edit: (clientId: string, id: string, input: GttEditInput, options: GttWriteOptions) =>
      editGtt(deps, clientId, id, input, options),
    cancelInScrip: (tx: Tx, symbol: string, reason: string, actor: Actor) =>
      cancelGttsInScrip(deps, tx, symbol, reason, actor),
    remove: (clientId: string, id: string, options: { actor: Actor }) =>
      removeGtt(deps, clientId, id, options),
    list: (clientId: string, view: 'active' | 'history' | 'all') => listGtts(deps, clientId, view),
    ofClient: (clientId: string, id: string) => gttOfClient(deps, clientId, id),
    check: (symbols?: string[]) => checkGtts(deps, symbols),
    expire: () => expireGtts(deps),
  };
}
export type Gtts = ReturnType<typeof createGtts>;
