/**
 * Statements built once. drizzle builds a query's text anew at every call, which costs more CPU
 * than the driver and PostgreSQL together for a one-row statement (a select of one staff row:
 * ~150 µs built each time, ~60 µs prepared; decision 068). `.prepare(name)` on the database
 * builds it once, and PostgreSQL parses and plans it once per connection. A prepared query
 * runs on the pool, though, and a step's statements must run in its transaction:
 * `preparedOn` hands the same statement to an open transaction's connection.
 */
import type pg from 'pg';
import type { Executor } from './client.ts';

/** `prepared` (made by `.prepare(name)` on the database) run on `executor`'s connection. */
export function preparedOn<P extends object>(prepared: P, executor: Executor): P {
  if (!('rollback' in executor)) return prepared;
  // drizzle's node-postgres prepared query runs on its `client`; a transaction's session
  // holds the pooled connection it checked out. Both are checked by prepared.test.ts.
  const { client } = (executor as unknown as { session: { client: pg.PoolClient } }).session;
  return Object.create(prepared, { client: { value: client } }) as P;
}
