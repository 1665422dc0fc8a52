// Applying a split to 100,000 holdings' lots (issue 34: ≤ 10 s), beside a raw-SQL baseline.
//
// A scratch database on DATABASE_URL's server is migrated by the real migrations, then filled
// with SQL: 100,000 clients each holding one scrip in 1–3 lots (a buy fill and its order per
// lot, bought over the five years before the ex-date), their holdings rows — one in five with
// half of it pledged —, 1,000 awaiting sell orders with their shares reserved, 1,000 active
// GTTs, five years of the scrip's daily candles, and a 1:5 split (5 new for 1 old) entered for
// today. Then, once each:
// - the baseline (bench/support/split-raw-sql.mjs, its own process): one raw SQL UPDATE
//   multiplying every holding of the scrip by 5, pledges with them, in a transaction rolled
//   back — the least a split must write;
// - the figure: the real apply path, `sampada corporate-action apply --date <today>` run in
//   this process through the CLI's own program (runCommand) on the real services: cancel the
//   awaiting orders and GTTs (each with its release, audit and notification), write each
//   holder's adjustment, change each holding, re-base the candles and alerts, mark it applied.
// Then it checks what was written (adjustments, holdings × 5, orders and GTTs cancelled).
// Usage: DATABASE_URL=postgres://… node --import tsx bench/corporate-split.mjs [clients]
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContext } from '../apps/server/src/context.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { runCommand } from '../apps/server/src/cli/program.ts';
import { dbTimeoutsOf } from '../apps/server/src/runtime.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { istDateOf } from '../apps/server/src/platform/ist.ts';
import { loadSecrets } from '../apps/server/src/platform/secrets.ts';
import { reportBench } from './report.mjs';
import { scratchPostgres } from './support/postgres.mjs';
import { root } from './support/server.mjs';

const CLIENTS = Number(process.argv[2] ?? 100_000);
const SYMBOL = 'INFY';
const BUDGET_S = 10;

if (!process.env.DATABASE_URL) {
  console.error(
    'Set DATABASE_URL to a PostgreSQL server (a scratch database is made and dropped).',
  );
  process.exit(2);
}

/** The clients, their lots (fills and orders), holdings, open orders, GTTs and the split. */
async function seed(sql, exDate) {
  await sql.query('begin');
  await sql.query(`
    create temp table bench_clients on commit drop as
    select g, gen_random_uuid() as id from generate_series(1, ${CLIENTS}) g`);
  await sql.query(`
    insert into clients (id, uid, mobile, password_hash)
    select id, (40000000 + g)::text, '+9192' || lpad(g::text, 8, '0'), 'bench' from bench_clients`);
  // 1–3 lots a client, each a buy of 10–49 shares on a day of the five years before the ex-date.
  await sql.query(
    `create temp table bench_lots on commit drop as
     select c.g, c.id as client_id, k, gen_random_uuid() as order_id,
            10 + (c.g * 7 + k * 13) % 40 as quantity, 150000 + (c.g % 500) * 100 as price,
            ($1::date - (k * 400 + c.g % 380) * interval '1 day')::timestamp
              at time zone 'Asia/Kolkata' + interval '11 hours' as at,
            row_number() over () as n
       from bench_clients c cross join generate_series(1, 1 + c.g % 3) k`,
    [exDate],
  );
  await sql.query(`
    insert into orders (id, client_id, type, side, symbol, quantity, filled_quantity,
                        filled_value_paise, charges_paise, status, created_at, updated_at)
    select order_id, client_id, 'market', 'buy', '${SYMBOL}', quantity, quantity,
           price * quantity, 2000, 'filled', at, at from bench_lots`);
  await sql.query(`
    insert into fills (order_id, client_id, symbol, side, quantity, price_paise, value_paise,
                       charges, charges_paise, contract_note_no, posting_id, executed_at)
    select order_id, client_id, '${SYMBOL}', 'buy', quantity, price, price * quantity,
           jsonb_build_object('stt_paise', price * quantity / 1000), 2000, 'SPLIT' || n, n, at
      from bench_lots`);
  // One in five has half pledged; one in a hundred has an awaiting sell of 5 (reserved).
  await sql.query(`
    insert into holdings (client_id, symbol, quantity, reserved, pledged, cost_paise, updated_at)
    select client_id, '${SYMBOL}', sum(quantity),
           case when g % 100 = 1 then 5 else 0 end,
           case when g % 5 = 0 then sum(quantity) / 2 else 0 end,
           sum(price * quantity + 2000), now()
      from bench_lots group by g, client_id`);
  await sql.query(`
    insert into orders (id, client_id, type, side, symbol, quantity, price_paise, status,
                        created_at, updated_at)
    select gen_random_uuid(), id, 'limit', 'sell', '${SYMBOL}', 5, 250000, 'awaiting', now(), now()
      from bench_clients where g % 100 = 1`);
  await sql.query(`
    insert into gtts (id, client_id, kind, symbol, side, quantity, trigger_paise, limit_paise,
                      reference_paise, status, expires_at, created_at, updated_at)
    select gen_random_uuid(), id, 'single', '${SYMBOL}', 'sell', 5, 260000, 259000, 200000,
           'active', now() + interval '300 days', now(), now()
      from bench_clients where g % 100 = 2`);
  await sql.query(
    `insert into candles (symbol, interval, start, open, high, low, close, volume)
     select '${SYMBOL}', '1d', d::timestamp at time zone 'Asia/Kolkata', c, c, c, c, 1000
       from generate_series($1::date - interval '5 years', $1::date - 1, interval '1 day') d
       cross join lateral (select 150000 + (extract(doy from d)::int * 37) % 20000 as c) x
      where extract(isodow from d) < 6`,
    [exDate],
  );
  await sql.query(
    `insert into corporate_actions (id, symbol, kind, ratio_new, ratio_old, ex_date, purpose,
                                    source, status, created_at)
     values (gen_random_uuid(), '${SYMBOL}', 'split', 5, 1, $1,
             'Face Value Split (Sub-Division) - From Rs 5/- Per Share To Re 1/- Per Share',
             'cli', 'entered', now())`,
    [exDate],
  );
  await sql.query('commit');
  await sql.query('analyze');
  const { rows } = await sql.query(
    `select (select count(*) from holdings where symbol = $1)::int as holdings,
            (select count(*) from fills where symbol = $1)::int as lots,
            (select count(*) from holdings where symbol = $1 and pledged > 0)::int as pledged,
            (select count(*) from orders where symbol = $1 and status = 'awaiting')::int as orders,
            (select count(*) from gtts where symbol = $1 and status = 'active')::int as gtts,
            (select sum(quantity) from holdings where symbol = $1)::text as shares`,
    [SYMBOL],
  );
  return rows[0];
}

const scratch = await scratchPostgres(process.env.DATABASE_URL);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sampada-bench-split-'));
chmodSync(dataDir, 0o755);
const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
pool.on('error', (error) => console.error(`idle connection: ${error.message}`));
let database;
try {
  await migrateDatabase(scratch.url);
  const exDate = istDateOf(systemClock.now());
  const seeding = await pool.connect();
  const facts = await seed(seeding, exDate).finally(() => seeding.release());
  console.log(
    `Seeded ${facts.holdings.toLocaleString('en')} holdings of ${SYMBOL} in ${facts.lots.toLocaleString('en')} lots (${facts.shares} shares; ${facts.pledged.toLocaleString('en')} pledged), ${facts.orders} awaiting orders, ${facts.gtts} GTTs; a 5:1 split on ${exDate}.`,
  );

  // ---------- The baseline: one UPDATE over the same holdings, its own process ----------
  const { stdout } = await promisify(execFile)(
    'node',
    ['bench/support/split-raw-sql.mjs', scratch.url, SYMBOL],
    { cwd: root },
  );
  const bare = JSON.parse(stdout.trim().split('\n').pop());
  await pool.query('vacuum analyze holdings');

  // ---------- The figure: the CLI's apply on the real services ----------
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: scratch.url });
  // As the CLI opens it (runtime.ts): the session timeouts of the configuration.
  database = await openDatabase({ url: scratch.url, timeouts: dbTimeoutsOf(config) });
  const ctx = createContext({
    config,
    db: database.db,
    clock: systemClock,
    secrets: loadSecrets(config),
  });
  const out = [];
  const io = { out: (l) => out.push(l), err: (l) => out.push(`error: ${l}`) };
  const started = performance.now();
  const code = await runCommand(ctx, ['corporate-action', 'apply', '--date', exDate], io);
  const seconds = (performance.now() - started) / 1000;
  const load = loadavg()[0];
  if (code !== 0) throw new Error(`apply failed: ${out.join('\n')}`);

  const { rows } = await pool.query(
    `select (select count(*) from holding_adjustments where symbol = $1)::int as adjustments,
            (select sum(quantity) from holdings where symbol = $1)::text as shares,
            (select count(*) from holdings where symbol = $1 and pledged > 0)::int as pledged,
            (select count(*) from holdings where symbol = $1 and pledged > 0
                and pledged <> 5 * (quantity / 5 / 2))::int as pledged_off,
            (select count(*) from orders where symbol = $1 and status = 'awaiting')::int as orders,
            (select count(*) from gtts where symbol = $1 and status = 'active')::int as gtts`,
    [SYMBOL],
  );
  const after = rows[0];
  const right =
    after.adjustments === facts.holdings &&
    BigInt(after.shares) === BigInt(facts.shares) * 5n &&
    after.pledged === facts.pledged &&
    after.pledged_off === 0 &&
    after.orders === 0 &&
    after.gtts === 0;
  console.log(
    `${out.join('; ')}; ${after.adjustments.toLocaleString('en')} adjustments, ${after.shares} shares after: ${right ? 'right' : 'WRONG'}`,
  );
  const ratio = seconds / (bare.ms / 1000);
  console.table({
    'corporate-action apply (CLI path)': { seconds: seconds.toFixed(2) },
    'raw SQL UPDATE of the holdings': { seconds: (bare.ms / 1000).toFixed(2) },
  });
  console.log(
    `${ratio.toFixed(1)}× the raw UPDATE; load average ${load.toFixed(2)}; budget ≤ ${BUDGET_S} s: ${seconds <= BUDGET_S ? 'met' : 'NOT met'}`,
  );
  if (!right) process.exitCode = 1;
  reportBench('corporate-split.mjs', [
    {
      id: 'corporate-split',
      what: `a 5:1 split applied to ${facts.holdings.toLocaleString('en')} holdings in ${facts.lots.toLocaleString('en')} lots (${facts.pledged.toLocaleString('en')} pledged, ${facts.orders} awaiting orders, ${facts.gtts} GTTs) by \`sampada corporate-action apply --date\``,
      figure: `${seconds.toFixed(2)} s`,
      baseline: `one raw SQL UPDATE of the same holdings, own process: ${(bare.ms / 1000).toFixed(2)} s`,
      ratio: `${ratio.toFixed(1)}× raw`,
      budget: `≤ ${BUDGET_S} s`,
    },
  ]);
} finally {
  await database?.close();
  await pool.end();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
