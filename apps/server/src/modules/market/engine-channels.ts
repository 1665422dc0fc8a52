/** The bus channels the market's leader and followers speak on. */
import type { Rebase } from './rebase.ts';

export const STATES_CHANNEL = 'market:states';
export const STATUS_CHANNEL = 'market:status';
/** A newly listed instrument's symbol: followers load it from the database. */
export const LISTED_CHANNEL = 'market:listed';
/** A split, consolidation or bonus applied (stored rows already re-based): the leader's to do. */
export const REBASE_CHANNEL = 'market:rebase';
/** A rebase on the bus: the action's ratio and the ex-date's start (candles before it move). */
export type RebaseMessage = Rebase & { before: Date };
