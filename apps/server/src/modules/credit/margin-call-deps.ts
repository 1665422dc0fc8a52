/** What the margin-call use cases are given, and the shapes they share with monitoring. */
import type { TMarginState } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TradingService } from '../trading/service.ts';
import type { IsTradingDay } from './invocation.ts';
import type { loanMarginCalls } from './tables.ts';

/** A loan's live position against its pledge (monitoring.ts computes it). */
export type Position = {
  value: bigint;
  debt: bigint;
  ltv: number | null;
  state: TMarginState;
  shortfall: bigint;
};

/** Tells the client outside the app (e-mail to a verified address), in the change's transaction. */
export type ClientNotice = (
  tx: Tx,
  clientId: string,
  message: { purpose: string; subject: string; body: string; html: string },
) => Promise<void>;

export type CallRow = typeof loanMarginCalls.$inferSelect;

export type MarginCallDeps = {
  clock: Clock;
  /** The exchange calendar: a call's deadline counts its trading days. */
  isTradingDay: IsTradingDay;
  priceOf: (symbol: string) => bigint | null;
  orders: Pick<TradingService['orders'], 'sellPledged'>;
  notify?: ClientNotice | undefined;
};

/** Who the monitor's margin-call steps are audited as. */
export const MARGIN_SYSTEM: Actor = { type: 'system', id: 'credit-margin' };
