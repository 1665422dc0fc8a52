/** What the ledger's use cases are built on. */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';

export type LedgerDeps = { db: Db; clock: Clock };
