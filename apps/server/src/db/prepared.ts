/**
 * Statements built once (decision 068). drizzle builds a query's text anew at every call, which
 * costs more CPU than the driver and PostgreSQL together for a one-row statement (a select of
 * one staff row: ~150 µs built each time, ~60 µs prepared). `.prepare(name)` builds it once,
 * and PostgreSQL parses and plans it once per connection; the name must be unique to its text.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Executor } from './client.ts';

/**
 * `prepared` (from `.prepare(name)`) run on `executor`'s connection: the pool for the
 * database, the checked-out connection for an open transaction, whichever built it.
 */
export function preparedOn<P extends object>(prepared: P, executor: Executor): P {
  // drizzle's node-postgres prepared query runs on its `client`.
  return Object.create(prepared, { client: { value: connectionOf(executor) } }) as P;
}

/**
 * A session's pool (the database's) or its checked-out connection (a transaction's); both
 * checked by prepared.test.ts.
 */
const connectionOf = (executor: Executor) =>
  (executor as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;

/**
 * A statement for free functions that are handed an executor: built by the first call, on
 * that executor, then run on each call's own.
 */
export function builtOnce<P extends object>(
  build: (executor: Executor) => P,
): (executor: Executor) => P {
  let prepared: P | undefined;
  return (executor) => preparedOn((prepared ??= build(executor)), executor);
}

/**
 * SQL no builder writes (a database function's call), run as the named statement `name` on
 * `executor`'s connection: parsed and planned once per connection, never built again. Rows
 * come back as the driver reads them.
 */
export async function runNamed<R>(
  executor: Executor,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<R[]> {
  const client = connectionOf(executor);
  return (await client.query<R & pg.QueryResultRow>({ ...statement, values })).rows;
}

const dialect = new PgDialect();

/**
 * A statement built at each call whose text is nonetheless always the same — its rows go as
 * array parameters, never as lists of their own — run as a statement named by that text:
 * PostgreSQL parses and analyses it once per connection instead of at every run (a batch of
 * deposit confirmations' 3.4 kB statement: ~1.5 → ~0.7 ms a run, on the same box). A text that
 * varied would leave one prepared statement a variant on every connection.
 */
export async function executeNamed(executor: Executor, statement: SQL): Promise<void> {
  const query = dialect.sqlToQuery(statement);
  const name = `t_${createHash('sha1').update(query.sql).digest('base64url')}`;
  await executor._.session.prepareQuery(query, undefined, name, false).execute();
}
