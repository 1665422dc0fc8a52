// Returns against NIFTY 50 for a client with a long history (issue 34: 10,000 trades over five
// years and 50 dividends, p99 ≤ 50 ms on one core), beside a raw-SQL baseline in the same run.
//
// A scratch database on DATABASE_URL's server is migrated by the real migrations, then filled
// with SQL: five years of weekday daily closes for 20 NIFTY 50 scrips and the NIFTY 50 index,
// one client with 10,000 fills spread over those years (each an order of its own; per scrip two
// buys of 10 then a sell of 15, so no sell exceeds the lots) at that day's close with charges,
// and 50 dividends on record. Then, one request at a time (one core of JavaScript):
// - the figure: `returnsOf` — the use case behind GET /stat/app/v1/returns — over the client's
//   whole history, with its real SQL loaders (trading's fills and lot adjustments, the
//   dividends, the market's daily closes of every scrip in one call) and its computation (FIFO
//   lots, XIRR of the portfolio and each scrip, time-weighted return, the day-by-day series,
//   the benchmark on the same cash flows). The route's sign-in check and JSON are not in it;
//   the instruments and the live price come from the reference data and the last close, as the
//   market engine has them. The past closes are kept by the market instance
//   (market/daily-closes-cache.ts), as the server keeps them: every answer checks each scrip's
//   history version (moved by the database on any write to a past daily bar, migration 0057)
//   and reads yesterday's and today's bars; the client's fills are kept likewise
//   (trading/tax-fills-cache.ts: every answer checks their count and newest id); the warm-up
//   fills both. Each answer still computes everything (lots, XIRRs, the series) from them. The
//   first answer after a new fill, which reads all 10,000 again, is timed apart ("cold");
// - the baseline (bench/support/returns-raw-sql.mjs, its own process): the fills and dividends
//   fetched with node-postgres and summed, and the closes summed in SQL per scrip — a raw SQL
//   sum over the same rows the figure reads. (Until the closes were kept, the figure shipped
//   all 27,384 closes and so did the baseline: p99 76 ms beside the figure's 207 ms.)
// The two take turns in rounds (baseline, figure, baseline, figure, …), so that load from
// anything else on the box falls on both alike; the ratio is the median of the rounds' ratios.
// Usage: DATABASE_URL=postgres://… node --import tsx bench/returns.mjs [runs] [warm-up] [rounds]
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrateDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { createDailyClosesCache } from '../apps/server/src/modules/market/daily-closes-cache.ts';
import { referenceData } from '../apps/server/src/modules/market/reference-data.ts';
import { appliedRatios } from '../apps/server/src/modules/portfolio/corporate-actions.ts';
import { dividendsIn } from '../apps/server/src/modules/portfolio/dividends.ts';
import { returnsOf } from '../apps/server/src/modules/portfolio/returns.ts';
import { loadLotAdjustments } from '../apps/server/src/modules/trading/holding-adjustments.ts';
import { createTaxFillsCache } from '../apps/server/src/modules/trading/tax-fills-cache.ts';
import { reportBench } from './report.mjs';
import { scratchPostgres } from './support/postgres.mjs';
import { root } from './support/server.mjs';

const runs = Number(process.argv[2] ?? 200);
const warmUp = Number(process.argv[3] ?? 20);
const rounds = Number(process.argv[4] ?? 4);
const perRound = Math.ceil(runs / rounds);
const FILLS = 10_000;
const DIVIDENDS = 50;
const SCRIPS = 20;
const BUDGET_P99_MS = 50;

if (!process.env.DATABASE_URL) {
  console.error(
    'Set DATABASE_URL to a PostgreSQL server (a scratch database is made and dropped).',
  );
  process.exit(2);
}

const instruments = referenceData().instruments;
const scrips = instruments.filter((i) => i.segment === 'nifty50').slice(0, SCRIPS);
const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));

/** Five years of weekday closes, the client, its fills and orders, its dividends: SQL only. */
async function seed(sql) {
  await sql.query('begin');
  await sql.query(`
    create temp table bench_days on commit drop as
    select d::date as day, row_number() over (order by d)::int as n
      from generate_series((now() at time zone 'Asia/Kolkata')::date - interval '5 years',
                           (now() at time zone 'Asia/Kolkata')::date - 1, interval '1 day') d
     where extract(isodow from d) < 6`);
  await sql.query('create temp table bench_scrips (k int, symbol text, ref bigint) on commit drop');
  await sql.query(
    `insert into bench_scrips select k - 1, s, r
       from unnest($1::text[], $2::bigint[]) with ordinality as t(s, r, k)`,
    [
      [...scrips.map((s) => s.symbol), 'NIFTY50'],
      [...scrips.map((s) => s.refClosePaise), 2_400_000],
    ],
  );
  // A wave and a drift per scrip, so that prices rise and fall and every rate is a real one.
  await sql.query(`
    insert into candles (symbol, interval, start, open, high, low, close, volume)
    select s.symbol, '1d', d.day::timestamp at time zone 'Asia/Kolkata', c, c, c, c, 0
      from bench_scrips s cross join bench_days d
      cross join lateral (select (s.ref * (1 + 0.25 * sin(d.n / 40.0 + s.k) + d.n / 5000.0))::bigint as c) x`);
  const { rows } = await sql.query(
    `insert into clients (uid, mobile, password_hash) values ('30000001', '+919100000001', 'bench')
     returning id`,
  );
  const clientId = rows[0].id;
  await sql.query(
    `create temp table bench_fills on commit drop as
     select g, gen_random_uuid() as order_id, s.symbol,
            case when (g / ${SCRIPS}) % 3 = 2 then 'sell' else 'buy' end as side,
            case when (g / ${SCRIPS}) % 3 = 2 then 15 else 10 end as quantity,
            c.close as price,
            d.day::timestamp at time zone 'Asia/Kolkata' + interval '11 hours' + g * interval '1 ms' as at
       from generate_series(0, ${FILLS - 1}) g
       join bench_scrips s on s.k = g % ${SCRIPS}
       join bench_days d on d.n = 1 + g * (select count(*) from bench_days) / ${FILLS}
       join candles c on c.symbol = s.symbol and c.interval = '1d'
                     and c.start = d.day::timestamp at time zone 'Asia/Kolkata'`,
  );
  await sql.query(
    `insert into orders (id, client_id, type, side, symbol, quantity, filled_quantity,
                         filled_value_paise, charges_paise, status, created_at, updated_at)
     select order_id, $1, 'market', side, symbol, quantity, quantity, price * quantity,
            price * quantity / 1000 + 2000, 'filled', at, at from bench_fills`,
    [clientId],
  );
  await sql.query(
    `insert into fills (order_id, client_id, symbol, side, quantity, price_paise, value_paise,
                        charges, charges_paise, contract_note_no, posting_id, executed_at)
     select order_id, $1, symbol, side, quantity, price, price * quantity,
            jsonb_build_object('stt_paise', price * quantity / 1000,
                               'dp_paise', case when side = 'sell' then 1580 else 0 end),
            price * quantity / 1000 + 2000, 'BENCH' || g, g + 1, at from bench_fills`,
    [clientId],
  );
  await sql.query(
    `with d as (
       select i, s.symbol, days.day from generate_series(1, ${DIVIDENDS}) i
         join bench_scrips s on s.k = i % ${SCRIPS}
         join bench_days days on days.n = i * 25),
     a as (
       insert into corporate_actions (id, symbol, kind, per_share_paise, ex_date, purpose, source,
                                      status, created_at)
       select gen_random_uuid(), symbol, 'dividend', 1000, day, 'Dividend - Rs 10 Per Share',
              'cli', 'applied', now() from d returning id, symbol, ex_date)
     insert into client_dividends (id, client_id, action_id, symbol, quantity, per_share_paise,
                                   gross_paise, tds_paise, net_paise, paid_on, financial_year,
                                   created_at)
     select gen_random_uuid(), $1, a.id, a.symbol, 50, 1000, 50000, 0, 50000, a.ex_date,
            extract(year from a.ex_date - interval '3 months')::int, now() from a`,
    [clientId],
  );
  await sql.query('commit');
  await sql.query('analyze candles, fills, orders, client_dividends');
  const counts = await sql.query(
    `select (select count(*) from fills where client_id = $1)::int as fills,
            (select count(*) from client_dividends where client_id = $1)::int as dividends,
            (select count(*) from candles)::int as closes,
            (select min(executed_at) from fills)::text as first`,
    [clientId],
  );
  return { clientId, ...counts.rows[0] };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (ms) => ({
  p50: percentile(ms, 50),
  p99: percentile(ms, 99),
  max: Math.max(...ms),
});

const scratch = await scratchPostgres(process.env.DATABASE_URL);
const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
// An idle connection the server drops (a shared PostgreSQL restarting, an administrator) is
// said, not a crash of the whole run.
pool.on('error', (error) => console.error(`idle connection: ${error.message}`));
try {
  await migrateDatabase(scratch.url);
  const seeding = await pool.connect();
  const facts = await seed(seeding).finally(() => seeding.release());
  console.log(
    `Seeded ${facts.fills} fills since ${facts.first.slice(0, 10)}, ${facts.dividends} dividends, ${facts.closes} daily closes.`,
  );

  // ---------- The figure: the real use case and loaders ----------
  const db = drizzle(pool);
  const lastClose = new Map();
  const deps = {
    clock: systemClock,
    trading: {
      // As trading's service answers it: the fills kept per instance, checked by their count
      // and newest id on every answer (tax-fills-cache.ts).
      taxFillsOf: createTaxFillsCache(db),
      lotAdjustmentsOf: (id) => loadLotAdjustments(db, id),
      instrumentOf: (s) => bySymbol.get(s),
      lastPriceOf: (s) => lastClose.get(s) ?? null,
      nameOf: async (symbols) => new Map(symbols.map((s) => [s, bySymbol.get(s)?.name ?? s])),
    },
    // As the market service answers it (market/service.ts dailyClosesOf): the last 2,000 daily
    // bars, the past days' kept by this instance and checked against a fingerprint each time.
    dailyCloses: createDailyClosesCache(db, systemClock),
    dividendsOf: (id) => dividendsIn(db, id),
    ratiosOf: (symbols) => appliedRatios(db, symbols),
  };
  for (const [s, bars] of await deps.dailyCloses([...scrips.map((x) => x.symbol), 'NIFTY50']))
    lastClose.set(s, bars.at(-1).close);
  const query = { benchmark: 'NIFTY50' };
  let answer;
  for (let i = 0; i < warmUp; i++) answer = await returnsOf(deps, facts.clientId, query);

  // ---------- Rounds: the baseline in its own process, then the figure ----------
  const ms = [];
  const raw = { ms: [], check: null };
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const { stdout } = await promisify(execFile)(
      'node',
      [
        'bench/support/returns-raw-sql.mjs',
        scratch.url,
        facts.clientId,
        String(perRound),
        String(warmUp),
      ],
      { cwd: root },
    );
    const bare = JSON.parse(stdout.trim().split('\n').pop());
    raw.ms.push(...bare.ms);
    raw.check = bare.check;
    const own = [];
    for (let i = 0; i < perRound; i++) {
      const started = performance.now();
      answer = await returnsOf(deps, facts.clientId, query);
      own.push(performance.now() - started);
    }
    ms.push(...own);
    ratios.push(percentile(own, 50) / percentile(bare.ms, 50));
  }

  // Cold: the first answer after the client's fills changed (a new trade), which reads them all.
  const coldMs = [];
  const cold = { ...deps, trading: { ...deps.trading } };
  for (let i = 0; i < Math.min(perRound, 40); i++) {
    cold.trading.taxFillsOf = createTaxFillsCache(db);
    const started = performance.now();
    await returnsOf(cold, facts.clientId, query);
    coldMs.push(performance.now() - started);
  }
  const coldly = summary(coldMs);

  const mine = summary(ms);
  const bare = summary(raw.ms);
  const f = (n) => `${n.toFixed(1)} ms`;
  const rate = (r) => (r.computable ? `${(r.rate * 100).toFixed(2)}%` : r.reason);
  console.log(
    `\nAnswer: XIRR ${rate(answer.xirr)}, NIFTY 50 on the same money ${rate(answer.benchmark_result.xirr)}, ${answer.series.length} days in the series, ${answer.holdings.length} scrips; baseline read ${raw.check.fills} fills and summed ${raw.check.closes} closes in SQL.`,
  );
  console.table({
    'returnsOf (whole history)': { 'p50 ms': mine.p50, 'p99 ms': mine.p99, 'max ms': mine.max },
    'returnsOf, first answer after a new fill': {
      'p50 ms': coldly.p50,
      'p99 ms': coldly.p99,
      'max ms': coldly.max,
    },
    'raw SQL (fills fetched, closes summed)': {
      'p50 ms': bare.p50,
      'p99 ms': bare.p99,
      'max ms': bare.max,
    },
  });
  const ratio = percentile(ratios, 50);
  const roundsText = ratios.map((r) => `${r.toFixed(1)}×`).join(', ');
  console.log(
    `p50 ${ratio.toFixed(1)}× the raw fetch's (median of ${rounds} rounds: ${roundsText}); p99 ${f(mine.p99)} beside raw ${f(bare.p99)}; budget p99 ≤ ${BUDGET_P99_MS} ms: ${mine.p99 <= BUDGET_P99_MS ? 'met' : 'NOT met'}`,
  );
  reportBench('returns.mjs', [
    {
      id: 'returns',
      what: `returns against NIFTY 50 (\`returnsOf\` with its SQL loaders), one client: ${facts.fills.toLocaleString('en')} fills over 5 years, ${facts.dividends} dividends, whole history, one at a time`,
      figure: `p50 ${f(mine.p50)}, p99 ${f(mine.p99)}; the first answer after a new fill (all fills read again): p50 ${f(coldly.p50)}, p99 ${f(coldly.p99)}`,
      baseline: `raw SQL over the same rows (fills fetched and summed, closes summed in SQL), own process: p50 ${f(bare.p50)}, p99 ${f(bare.p99)}`,
      ratio: `p50 ${ratio.toFixed(1)}× raw (median of ${rounds} rounds: ${roundsText}); p99 ${(mine.p99 / bare.p99).toFixed(1)}× raw`,
      budget: `p99 ≤ ${BUDGET_P99_MS} ms`,
    },
  ]);
} finally {
  await pool.end();
  await scratch.drop();
}
