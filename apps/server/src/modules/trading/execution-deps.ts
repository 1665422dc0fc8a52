import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { LedgerService } from '../ledger/service.ts';

/**
 * The clients' brokerage discounts in basis points (engagement's VIP tiers, via context.ts): a
 * client left out has none.
 */
export type BrokerageDiscounts = (
  clientIds: string[],
  executor: Tx,
) => Promise<Map<string, number>>;

export type ExecutionDeps = {
  clock: Clock;
  ledger: LedgerService;
  events?: TransitionEvents | undefined;
  brokerageDiscounts?: BrokerageDiscounts | undefined;
};
