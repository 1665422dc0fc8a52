/** The shapes a GTT is set, edited and stored in. */
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { gtts } from './tables.ts';

export type GttRow = typeof gtts.$inferSelect;
export type Leg = 'target' | 'stop';

export type GttInput = {
  kind: 'single' | 'oco';
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  trigger_price: bigint;
  limit_price: bigint;
  stop_trigger_price?: bigint | undefined;
  stop_limit_price?: bigint | undefined;
  pin: string;
};
export type GttEditInput = Partial<Omit<GttInput, 'kind' | 'symbol' | 'side' | 'pin'>> & {
  pin: string;
};

/**
 * A GTT from a client's API app (modules/connect): the app's session stands in for the PIN,
 * the app goes on the audit row, and `onSaved` runs in the GTT's transaction (the API's own
 * record of it).
 */
export type ApiGtt = { appId: string; onSaved?: (tx: Tx, gttId: string) => Promise<void> };
export type GttAuthorisation = { sessionId: string; api?: undefined } | { api: ApiGtt };
/** How a client's set or edit of a GTT is authorised, audited and run. */
export type GttWriteOptions = GttAuthorisation & {
  actor: Actor;
  transaction?: TransactionRunner;
};
