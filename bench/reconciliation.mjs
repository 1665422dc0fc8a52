// The ledger check over a million lines (issue 21, catalogue item 10: reconciliation over 1M
// lines in < 5 s), beside a bare baseline in the same run: one `select sum(amount) from
// ledger_lines` over the same table, the least any reconciliation must read.
//
// A scratch database on DATABASE_URL's server is migrated by the real migrations, then filled
// with SQL: 10,000 client cash accounts, 500,000 balanced two-line postings between them
// (1,000,000 lines) and the accounts' cached balances. Seeding runs with
// session_replication_role = replica (the append-only and balance triggers off) only to be
// quick; the check then reads it like any other ledger. It is run twice (cold, warm), and once
// more after one posting is unbalanced and one balance drifted, to show it finds both.
// Usage: DATABASE_URL=postgres://… node --import tsx bench/reconciliation.mjs
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrateDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { createLedgerService } from '../apps/server/src/modules/ledger/service.ts';
import { scratchPostgres } from './support/postgres.mjs';

const ACCOUNTS = 10_000;
const POSTINGS = 500_000;

if (!process.env.DATABASE_URL) {
  console.error(
    'Set DATABASE_URL to a PostgreSQL server (a scratch database is made and dropped).',
  );
  process.exit(2);
}
const scratch = await scratchPostgres(process.env.DATABASE_URL);
const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
const timed = async (label, fn) => {
  const started = performance.now();
  const result = await fn();
  const ms = performance.now() - started;
  console.log(`  ${label.padEnd(46)} ${(ms / 1000).toFixed(2).padStart(7)} s`);
  return { result, ms };
};
try {
  await migrateDatabase(scratch.url);
  console.log(`Seeding ${ACCOUNTS} accounts, ${POSTINGS} postings, ${2 * POSTINGS} lines …`);
  const seed = await pool.connect();
  try {
    await seed.query('begin');
    await seed.query('set local session_replication_role = replica');
    await seed.query(`
      insert into ledger_accounts (client_id, kind, non_negative, balance)
      select gen_random_uuid(), 'cash_available', false, 0 from generate_series(1, ${ACCOUNTS})`);
    await seed.query(`
      insert into ledger_postings (kind, memo, created_at)
      select 'adjustment', 'bench', now() from generate_series(1, ${POSTINGS})`);
    // Posting n moves n mod 997 + 1 paise from one account to the next.
    await seed.query(`
      with a as (select array_agg(id order by id) as ids from ledger_accounts where kind = 'cash_available'),
           p as (select id, row_number() over (order by id) as n from ledger_postings)
      insert into ledger_lines (posting_id, account_id, amount, balance_after, created_at)
      select p.id, a.ids[1 + (p.n % ${ACCOUNTS})], -(p.n % 997 + 1), 0, now() from p, a
      union all
      select p.id, a.ids[1 + ((p.n + 1) % ${ACCOUNTS})], p.n % 997 + 1, 0, now() from p, a`);
    await seed.query(`
      update ledger_accounts a set balance = s.total
      from (select account_id, sum(amount) as total from ledger_lines group by account_id) s
      where s.account_id = a.id`);
    await seed.query('commit');
    await seed.query('vacuum analyze ledger_lines');
    await seed.query('vacuum analyze ledger_postings');
    await seed.query('vacuum analyze ledger_accounts');
  } finally {
    seed.release();
  }

  const ledger = createLedgerService({ db: drizzle(pool), clock: systemClock });
  console.log('\nTimes:');
  const bare = await timed('bare: select sum(amount) from ledger_lines', () =>
    pool.query('select sum(amount) from ledger_lines'),
  );
  const cold = await timed('ledger check, first run', () => ledger.check());
  const warm = await timed('ledger check, second run', () => ledger.check());
  console.log(
    `\n  ok: ${cold.result.ok && warm.result.ok}; lines ${JSON.stringify(warm.result.counts ?? {})}`,
  );

  // One unbalanced posting and one drifted balance: the check must find both.
  const fault = await pool.connect();
  try {
    await fault.query('begin');
    await fault.query('set local session_replication_role = replica');
    await fault.query(
      `update ledger_lines set amount = amount + 1 where id = (select min(id) from ledger_lines)`,
    );
    await fault.query(
      `update ledger_accounts set balance = balance + 5 where id = (select max(id) from ledger_accounts)`,
    );
    await fault.query('commit');
  } finally {
    fault.release();
  }
  const broken = await timed('ledger check with two faults planted', () => ledger.check());
  const found = !broken.result.ok;
  console.log(`  faults found: ${found} (${JSON.stringify(broken.result).slice(0, 300)})`);
  console.log(
    `\nRatio: warm check ${(warm.ms / 1000).toFixed(2)} s = ${(warm.ms / bare.ms).toFixed(1)}× the bare sum; budget < 5 s: ${warm.ms < 5000 ? 'met' : 'NOT met'}`,
  );
  process.exitCode = cold.result.ok && warm.result.ok && found && warm.ms < 5000 ? 0 : 1;
} finally {
  await pool.end();
  await scratch.drop();
}
