/** What the client use cases are built on, and the row they read and write. */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { clients } from './tables.ts';

export type ClientRow = typeof clients.$inferSelect;

/**
 * Who is told when a client's row changes: the signed-in cache (platform/signed-in-cache.ts)
 * holds copies of it for `client_info`.
 */
export type ClientRowChanges = {
  changed(clientId: string): void;
  changing(clientId: string): void;
  settled(): Promise<void>;
};

export type ClientDeps = {
  db: Db;
  clock: Clock;
  /** The HMAC key for trading windows, shared by every instance. */
  pinWindowKey: Buffer;
  copies: ClientRowChanges;
  /** The full PIN check in flight per client in this process (verify-pin.ts). */
  pinTurns: Map<string, Promise<void>>;
};
