import { queryKeys } from '../../../lib/query-keys';
import { type TKeyedRequest, useKeyedAction } from '../../../lib/keyed-action';

export type TActionRequest = TKeyedRequest;

/**
 * One desk action (publish, close, allocate, confirm, reject, allot, list), posted with an
 * Idempotency-Key (lib/keyed-action.ts). Success or failure, the trading views and the
 * dashboard counts are read again.
 */
export const useTradingAction = <TVariables, TResult>(
  toRequest: (variables: TVariables) => TActionRequest,
) => useKeyedAction<TVariables, TResult>(toRequest, [queryKeys.trading.all, queryKeys.dashboard]);
