/**
 * The database: always a PostgreSQL server — the one DATABASE_URL names, or the embedded one
 * this process starts under DATA_DIR (db/embedded-postgres.ts). One engine, one behaviour.
 */
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { trackCheckouts } from './checkout-origins.ts';
import { startEmbeddedPostgres, type EmbeddedOptions } from './embedded-postgres.ts';

/**
 * The connection knows no tables: each module imports its own from its tables.ts, and nothing
 * uses drizzle's relational `db.query` API, which alone would need the whole schema here. The
 * list of every table is the composition root's (src/schema.ts), read by drizzle-kit.
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Either the database or an open transaction: SQL functions take one of these. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  /** The server's address, for connections of their own (leader election, LISTEN). */
  url: string;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Limits every pooled session runs under, so a blocked lock or a stuck database fails a
 * request instead of hanging it (milliseconds; 0 turns a limit off). Migrations run on a
 * connection of their own, without them.
 */
export type DbTimeouts = {
  statement: number;
  lock: number;
  idleInTransaction: number;
  /** Waiting for a pooled connection, or opening one. */
  connect: number;
};

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  statement: 5000,
  lock: 1000,
  idleInTransaction: 10_000,
  connect: 1500,
};

export type DatabaseTarget = (
  { url: string; migrate?: boolean } | { dataDir: string; embedded?: EmbeddedOptions }
) & { timeouts?: DbTimeouts };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const timeouts = target.timeouts ?? DEFAULT_DB_TIMEOUTS;
  if ('url' in target)
    return connect(target.url, 'postgres', async () => {}, timeouts, target.migrate);
  const server = await startEmbeddedPostgres(target.dataDir, target.embedded);
  try {
    return await connect(server.url, 'embedded', server.stop, timeouts);
  } catch (error) {
    await server.stop();
    throw error;
  }
}

const MIGRATION_LOCK = 727_002;

/** How long closing waits for connections still checked out before it stops the server. */
const POOL_END_WAIT_MS = 2_000;

/**
 * Applies every migration not yet applied, on a connection of its own (no timeouts). Instances
 * starting together on one database take turns (an advisory lock), so none applies one twice.
 */
export async function migrateDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.end(); // the session's end releases the lock
  }
}

/** The newest migration this build ships, by its journal timestamp. */
let newestMigration: number | undefined;
function newestMigrationShipped(): number {
  newestMigration ??= Math.max(
    ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis),
  );
  return newestMigration;
}

/**
 * Whether the database answers and holds every migration this build ships (a newer build
 * may have applied more: that is fine). Throws when the database does not answer.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = (await db.execute(
    'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
  )) as unknown as { rows: { newest: string | null }[] };
  const newest = Number(result.rows[0]?.newest ?? 0);
  return newest >= newestMigrationShipped();
}

/** Connections in the pool; the server's requests and its background work share them. */
const POOL_SIZE = 10;

/**
 * True while the pool is nearly spent (requests waiting for a connection, or fewer than three
 * free): background work (engagement's computations) holds off then, leaving the connections
 * to the requests people wait on.
 */
export function poolBusy(db: Db): boolean {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.waitingCount !== 'number') return false;
  const free = POOL_SIZE - pool.totalCount + pool.idleCount;
  return pool.waitingCount > 0 || free < 3;
}

const sessionOptions = (t: DbTimeouts) =>
  [
    `-c statement_timeout=${t.statement}`,
    `-c lock_timeout=${t.lock}`,
    `-c idle_in_transaction_session_timeout=${t.idleInTransaction}`,
  ].join(' ');

async function connect(
  url: string,
  kind: Database['kind'],
  stopServer: () => Promise<void>,
  timeouts: DbTimeouts,
  runMigrations = true,
): Promise<Database> {
  if (runMigrations) await migrateDatabase(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    options: sessionOptions(timeouts),
    connectionTimeoutMillis: timeouts.connect,
    // A peer that vanished without closing (a cut network, a frozen host) is noticed.
    keepAlive: true,
  });
  // An idle connection the server ends (restart, failover, a dropped test database) must not
  // take the process down: the pool discards it and opens a new one on demand.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection closed: ${error.message}`));
  // A connection lost while checked out between two queries (a transaction awaiting the app's
  // work when the server dies) emits 'error' on its client, which the pool does not listen to
  // then: without this the process would crash. The query in flight fails and answers 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  const checkedOut = trackCheckouts(pool);
  const db = drizzle(pool);
  return {
    db: db as unknown as Db,
    url,
    kind,
    close: async () => {
      // A connection still checked out (a request or job stuck past the drain; seen after
      // PostgreSQL restarted under load) must not keep the process and its PostgreSQL up: the
      // pool gets a bounded wait, then the server stops anyway — its fast shutdown ends the
      // backends and rolls back whatever they held.
      const drained = await Promise.race([
        pool.end().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), POOL_END_WAIT_MS).unref()),
      ]);
      if (!drained) {
        const holders = checkedOut();
        console.warn(
          `PostgreSQL pool: ${holders.length} connection(s) still checked out at shutdown; stopping anyway`,
        );
        for (const holder of holders) console.warn(`  checked out at ${holder}`);
      }
      await stopServer();
    },
  };
}
