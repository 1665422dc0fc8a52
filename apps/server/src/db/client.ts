/**
 * The database: always a PostgreSQL server — the one DATABASE_URL names, or the embedded one
 * this process starts under DATA_DIR (db/embedded-postgres.ts). One engine, one behaviour.
 */
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedOptions } from './embedded-postgres.ts';

/**
 * The connection knows no tables: each module imports its own from its tables.ts, and nothing
 * uses drizzle's relational `db.query` API, which alone would need the whole schema here. The
 * list of every table is the composition root's (src/schema.ts), read by drizzle-kit.
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Either the database or an open transaction: store functions take one of these. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  /** The server's address, for connections of their own (leader election, LISTEN). */
  url: string;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseTarget =
  { url: string; migrate?: boolean } | { dataDir: string; embedded?: EmbeddedOptions };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return connect(target.url, 'postgres', async () => {}, target.migrate);
  const server = await startEmbeddedPostgres(target.dataDir, target.embedded);
  try {
    return await connect(server.url, 'embedded', server.stop);
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function connect(
  url: string,
  kind: Database['kind'],
  stopServer: () => Promise<void>,
  runMigrations = true,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, a dropped test database) must not
  // take the process down: the pool discards it and opens a new one on demand.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection closed: ${error.message}`));
  const db = drizzle(pool);
  try {
    if (runMigrations) await migrate(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: db as unknown as Db,
    url,
    kind,
    close: async () => {
      await pool.end();
      await stopServer();
    },
  };
}
