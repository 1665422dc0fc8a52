// The raw-SQL baseline of bench/market-open.mjs, in its own process: each order is one INSERT of
// an order row (the columns the server's orders table has) through node-postgres, on the same
// open-loop schedule the HTTP clients follow, with POOL connections (the server's own pool
// size, 10). No hold posting, no PIN check, no audit: the least an order row costs on this
// PostgreSQL. Driven over IPC: {url, offsets} → {openAt, latencies, errors, lastAt}; the open is
// a second after its connections are up.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const POOL = Number(process.env.POOL ?? 10);

process.on('message', async ({ url, offsets }) => {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  await pool.query(`create table if not exists raw_orders (
    id uuid primary key, client_id uuid not null, type text not null, side text not null,
    symbol text not null, quantity bigint not null, hold_paise bigint not null default 0,
    status text not null default 'awaiting', created_at timestamptz not null,
    updated_at timestamptz not null)`);
  // Every connection open before the open, as the server's pool is.
  await Promise.all(Array.from({ length: POOL }, () => pool.query('select 1')));
  const openAt = Date.now() + 1000;
  const latencies = [];
  let errors = 0;
  let lastAt = 0;
  await Promise.all(
    offsets.map(
      (at, i) =>
        new Promise((resolve) =>
          setTimeout(
            async () => {
              try {
                const now = new Date();
                await pool.query(
                  `insert into raw_orders (id, client_id, type, side, symbol, quantity, hold_paise,
                     created_at, updated_at) values ($1, $2, 'market', 'buy', $3, 1, 300000, $4, $4)`,
                  [randomUUID(), randomUUID(), `SYM${i % 50}`, now],
                );
              } catch {
                errors++;
              }
              const done = Date.now();
              lastAt = Math.max(lastAt, done);
              latencies.push(done - (openAt + at));
              resolve();
            },
            Math.max(0, openAt + at - Date.now()),
          ),
        ),
    ),
  );
  await pool.end();
  process.send({ openAt, latencies, errors, lastAt });
});
