import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { LedgerService } from '../ledger/service.ts';

/** The client's brokerage discount in basis points (engagement's VIP tier, via context.ts). */
export type BrokerageDiscount = (clientId: string, executor: Tx) => Promise<number>;

export type ExecutionDeps = {
  clock: Clock;
  ledger: LedgerService;
  events?: TransitionEvents | undefined;
  brokerageDiscount?: BrokerageDiscount | undefined;
};
