// The market-open burst (issue 37): CLIENTS signed-in clients each place one market order over
// HTTP (POST /trade/app/v1/orders, with the PIN, inside the session's trading window) at a
// moment drawn evenly over the first SPREAD seconds after the open — an open-loop schedule,
// CLIENTS / SPREAD orders a second offered (2,000 in 4 s: 500/s, the budget's rate) — while
// SOCKETS quote sockets (the market WebSocket, as bench/market-ws.mjs connects them) receive
// ticks. Against the real server, compiled as `npm start` runs it, on PostgreSQL.
//
// In the same run, on the same schedule, with the same sockets connected to the server: a bare
// Fastify POST in its own process (bench/support/bare-post.mjs) through the same load
// generators, and a raw-SQL order INSERT in its own process (bench/support/orders-raw-sql.mjs).
//
// The open: the compiled server has no clock to set, so it runs with MARKET_ALWAYS_OPEN=true
// (as every market bench does): its calendar answers `open` at any wall time, as at 09:15 IST
// on a trading day, and the engine prints every 500 ms. The bench calls the moment its first
// order may go "the open".
//
// The clients are written into the database (bench/support/seed-traders.mjs): KYC approved,
// ₹10 lakh each, a PIN, a session and its open trading window; tokens signed with the server's
// JWT_SECRET. Order and socket load come from child processes (ORDER_WORKERS and
// BENCH_WS_WORKERS), so the load generator is not one saturated event loop.
//
// Reported: errors (non-200 answers and failed requests, with their reasons), order p50/p99
// from each order's scheduled moment to its answer, orders/s sustained (orders answered ÷ time
// from the open to the last answer), tick-to-client p50/p99 over the burst, server CPU, the
// load average before and after; beside the bare POST's and raw SQL's figures. And where the
// box's CPU went (bench/support/box-cpu.mjs): PostgreSQL's CPU an order beside raw SQL's an
// INSERT, the load generators', the box's busy share, and what the budget's rate would need at
// those costs — so a shortfall reads as the server's, the database's or the box's.
// BENCH_PROFILE=1 starts the server with --cpu-prof (the profile lands in .tmp/bench-market-open-prof);
// otherwise BENCH_SERVER_ARGS adds Node flags, as for every bench's server (a --require probe).
//
// Usage: DATABASE_URL=postgres://… node --import tsx bench/market-open.mjs [clients] [sockets] [spread s]
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { md5 } from '../packages/shared/src/md5.ts';
import { reportBench } from './report.mjs';
import { boxTicks, busyShare, postgresCpuSeconds } from './support/box-cpu.mjs';
import { scratchPostgres } from './support/postgres.mjs';
import { seedTraders } from './support/seed-traders.mjs';
import { cpuSeconds, percentile, root, startServer } from './support/server.mjs';

const CLIENTS = Number(process.argv[2] ?? 2000);
const SOCKETS = Number(process.argv[3] ?? 5000);
const SPREAD_S = Number(process.argv[4] ?? 4);
const ORDER_WORKERS = Number(process.env.ORDER_WORKERS ?? 4);
const WS_WORKERS = Number(process.env.BENCH_WS_WORKERS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 3206);
const BARE_PORT = PORT + 1;
const SYMBOLS_EACH = 50;
const PIN = md5('135790');
const STOCKS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK', 'SBIN', 'ITC', 'LT'];
const budget = { errors: 0, orderP99: 300, tickP99: 300, ordersPerSecond: 500 };

if (!process.env.DATABASE_URL) {
  console.error('market-open.mjs seeds its clients by SQL: set DATABASE_URL.');
  process.exit(2);
}
const load = () => os.loadavg()[0].toFixed(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ask = (child, command) =>
  new Promise((resolve) => {
    child.once('message', resolve);
    child.send(command);
  });

const scratch = await scratchPostgres(process.env.DATABASE_URL);
const keys = {
  dataKey: randomBytes(32).toString('hex'),
  jwtSecret: randomBytes(48).toString('hex'),
};
const start = (keepData) =>
  startServer({
    port: PORT,
    env: { MARKET_ALWAYS_OPEN: 'true', DATA_KEY: keys.dataKey, JWT_SECRET: keys.jwtSecret },
    name: 'bench-market-open',
    databaseUrl: scratch.url,
    keepData,
    nodeArgs: process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.tmp/bench-market-open-prof')}`]
      : (process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []),
  });
// Started, stopped and started again on the same data, as a server runs on every later day.
let { server } = await start(false);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const restarted = await start(true);
({ server } = restarted);
const { base, token: demoToken } = restarted;

const seedStarted = Date.now();
const traders = await seedTraders(scratch.url, CLIENTS, {
  ...keys,
  pinMd5: PIN,
  cashPaise: 10_00_000_00n, // ₹10 lakh
});
console.log(`${CLIENTS} clients seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

// Every instrument, page by page, for the sockets (as market-ws.mjs draws them).
const universe = [];
const priceOf = new Map();
for (let cursor = null, first = true; first || cursor; first = false) {
  const page = (
    await (
      await fetch(
        `${base}/market/app/v1/list?filter=all&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { headers: { authorization: `Bearer ${demoToken}` } },
      )
    ).json()
  ).data;
  universe.push(...page.items.map((i) => i.symbol));
  for (const item of page.items) priceOf.set(item.symbol, item.price);
  cursor = page.next_cursor;
}
const stocks = STOCKS.filter((s) => universe.includes(s));

const bare = fork(path.join(root, 'bench/support/bare-post.mjs'), {
  env: { ...process.env, PORT: String(BARE_PORT) },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  execArgv: [],
});
const rawSql = fork(path.join(root, 'bench/support/orders-raw-sql.mjs'), {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  execArgv: [],
});
const generators = Array.from({ length: ORDER_WORKERS }, () =>
  fork(path.join(root, 'bench/support/order-burst.mjs'), { stdio: 'inherit', execArgv: [] }),
);
const socketPool = Array.from({ length: WS_WORKERS }, () =>
  fork(path.join(root, 'bench/support/ws-clients.mjs'), { stdio: 'inherit', execArgv: [] }),
);
process.on('exit', () => {
  for (const child of [bare, rawSql, ...generators, ...socketPool]) child.kill('SIGTERM');
});

// The sockets: connected to the real server before anything is measured, kept for every run.
const slice = Math.ceil(SOCKETS / WS_WORKERS);
const connected = await Promise.all(
  socketPool.map((child, w) =>
    ask(child, {
      cmd: 'connect',
      url: `${base.replace('http', 'ws')}/ws/app/v1`,
      token: demoToken,
      from: w * slice,
      to: Math.min(SOCKETS, (w + 1) * slice),
      symbolsEach: SYMBOLS_EACH,
      universe,
    }),
  ),
);
const socketsUp = connected.reduce((n, c) => n + c.connected, 0);
const failedHandshakes = connected.reduce((n, c) => n + c.failed, 0);
for (const { reasons } of connected)
  for (const [reason, count] of Object.entries(reasons))
    console.error(`${count} failed handshake(s): ${reason}`);
console.log(`${socketsUp} sockets subscribed, ${failedHandshakes} failed handshakes`);
await sleep(3000);

// One schedule for every target: client i's moment after the open, evenly over SPREAD_S.
const offsets = Array.from({ length: CLIENTS }, (_, i) =>
  Math.floor((i * SPREAD_S * 1000) / CLIENTS),
);
// About ₹25,000 an order: above the ₹19,000 minimum order value whatever the price does meanwhile.
const orderBody = (i) => {
  const symbol = stocks[i % stocks.length];
  return {
    type: 'market',
    symbol,
    side: 'buy',
    quantity: Math.ceil(25_000 / priceOf.get(symbol)),
    pin: PIN,
  };
};

/** The schedule through the load generators against `url`; `tokens` per client or none. */
async function burst(url, withTokens) {
  const openAt = Date.now() + 1000;
  const parts = generators.map((child, w) =>
    ask(child, {
      cmd: 'run',
      url,
      openAt,
      requests: offsets.flatMap((at, i) =>
        i % ORDER_WORKERS === w
          ? [{ at, token: withTokens ? traders[i].token : null, body: orderBody(i) }]
          : [],
      ),
    }),
  );
  const results = await Promise.all(parts);
  return summary(openAt, results);
}

function summary(openAt, results) {
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const reasons = {};
  for (const r of results)
    for (const [reason, count] of Object.entries(r.reasons ?? {}))
      reasons[reason] = (reasons[reason] ?? 0) + count;
  const lastAt = Math.max(...results.map((r) => r.lastAt));
  return {
    orders: latencies.length,
    errors: results.reduce((n, r) => n + r.errors, 0),
    reasons,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    perSecond: latencies.length / ((lastAt - openAt) / 1000),
    lastAfterOpen: (lastAt - openAt) / 1000,
    openAt,
  };
}

/**
 * Where the server's database connections spend the burst: pg_stat_activity of the scratch
 * database sampled every 100 ms, tallied by state, wait event and the query's first words.
 */
async function sampleDatabase(url) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tally = new Map();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query(
        `select state, coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait,
                regexp_replace(left(query, 60), '\\s+', ' ', 'g') as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and state <> 'idle'`,
      );
      samples++;
      for (const r of rows) {
        const key = `${r.state} | ${r.wait} | ${r.query}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return { samples, top: [...tally].sort((a, b) => b[1] - a[1]).slice(0, 12) };
    },
  };
}

/** Tick-to-client delays the sockets saw while `work` ran. */
async function withTicks(work) {
  socketPool.forEach((child) => child.send({ cmd: 'record' }));
  const recordedAt = Date.now();
  const result = await work();
  await sleep(1000);
  const reports = await Promise.all(socketPool.map((child) => ask(child, { cmd: 'report' })));
  const counts = new Map();
  for (const { bins } of reports)
    for (const [ms, count] of bins) counts.set(ms, (counts.get(ms) ?? 0) + count);
  const total = reports.reduce((n, r) => n + r.quotes, 0);
  const at = (p) => {
    const rank = Math.ceil((p / 100) * total);
    let seen = 0;
    for (const ms of [...counts.keys()].sort((a, b) => a - b)) {
      seen += counts.get(ms);
      if (seen >= rank) return ms;
    }
    return NaN;
  };
  const dropped = reports.reduce((n, r) => n + r.dropped, 0);
  const frames = reports.reduce((n, r) => n + r.messages, 0);
  // Frames a socket received a second: what the fan-out's writes cost is counted in.
  const framesEach = frames / Math.max(1, socketsUp) / ((Date.now() - recordedAt) / 1000);
  return {
    result,
    ticks: { quotes: total, p50: at(50), p99: at(99), max: at(100), dropped, framesEach },
  };
}

/** The bench's own processes that make the load: order generators and socket clients. */
const loadPids = () => [...generators, ...socketPool].map((child) => child.pid);
const sum = (values) => values.reduce((a, b) => a + b, 0);

/**
 * CPU seconds `pids` used while `work` ran, and how long it ran; beside them PostgreSQL's CPU
 * seconds, the load generators' and the box's busy share over the same time.
 */
async function withCpu(pids, work) {
  const before = pids.map(cpuSeconds);
  const pgBefore = postgresCpuSeconds();
  const loadBefore = sum(loadPids().map(cpuSeconds));
  const boxBefore = boxTicks();
  const started = Date.now();
  const result = await work();
  return {
    ...result,
    cpu: pids.map((pid, i) => cpuSeconds(pid) - before[i]),
    postgres: postgresCpuSeconds() - pgBefore,
    generators: sum(loadPids().map(cpuSeconds)) - loadBefore,
    busy: busyShare(boxBefore, boxTicks()),
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * PostgreSQL's dirty pages written out before each run: the seeding and the run before leave
 * enough WAL that a checkpoint forced by max_wal_size could land inside the next run's burst
 * (this box's server had requested 215 of them by midday), counted against whichever target
 * ran then. Needs a superuser or the pg_checkpoint role.
 */
async function checkpoint() {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

const loadBefore = load();
await checkpoint();
// The server's own CPU meanwhile is its background (quote fan-out, engine, matcher).
const bareRun = await withCpu([bare.pid, server.pid], () =>
  withTicks(() => burst(`http://127.0.0.1:${BARE_PORT}/orders`, false)),
);
const background = bareRun.cpu[1] / bareRun.seconds;
const bareLoad = load();
await sleep(2000);

await checkpoint();
const rawRun = await withCpu([rawSql.pid], () =>
  withTicks(async () => {
    const result = await ask(rawSql, { url: scratch.url, offsets });
    return summary(result.openAt, [result]);
  }),
);
const rawLoad = load();
await sleep(2000);

await checkpoint();
const waits = await sampleDatabase(scratch.url);
const serverRun = await withCpu([server.pid], () =>
  withTicks(() => burst(`${base}/trade/app/v1/orders`, true)),
);
const waited = await waits.stop();
const serverCpu = serverRun.cpu[0] / serverRun.seconds;
// CPU an order: the burst's CPU less the background the server spent as long without orders.
const msPerOrder = (run, cpu) => ((cpu * 1000) / run.result.orders).toFixed(2);
const serverMs = msPerOrder(serverRun, serverRun.cpu[0] - background * serverRun.seconds);
const bareMs = msPerOrder(bareRun, bareRun.cpu[0]);
const rawMs = msPerOrder(rawRun, rawRun.cpu[0]);
// PostgreSQL's CPU an order: the server's burst less what the database spent as long during the
// bare run (the engine's prints, with no orders), beside raw SQL's an INSERT.
const pgBackground = bareRun.postgres / bareRun.seconds;
const pgMs = msPerOrder(serverRun, serverRun.postgres - pgBackground * serverRun.seconds);
const rawPgMs = msPerOrder(rawRun, rawRun.postgres - pgBackground * rawRun.seconds);
const cores = os.cpus().length;
// What the budget's rate needs at the costs just measured, before the bench's own clients.
const needed = {
  server: background + (Number(serverMs) * budget.ordersPerSecond) / 1000,
  postgres: pgBackground + (Number(pgMs) * budget.ordersPerSecond) / 1000,
};
const serverLoad = load();

// The orders as the database holds them: every 200 must be a row.
const pg = (await import('pg')).default;
const check = new pg.Client({ connectionString: scratch.url });
await check.connect();
const { rows: stored } = await check.query(
  `select count(*)::int as n, count(*) filter (where status = 'filled')::int as filled
   from orders where client_id = any($1::uuid[])`,
  [traders.map((t) => t.clientId)],
);
// The matcher goes on after the last answer: how long after the open it had decided every
// order (none awaiting: filled, or rejected where the price outran the hold).
const FILL_LIMIT_MS = 180_000;
let decidedAfterOpen = null;
while (Date.now() - serverRun.result.openAt < FILL_LIMIT_MS) {
  const { rows } = await check.query(
    `select count(*)::int as awaiting from orders
     where client_id = any($1::uuid[]) and status = 'awaiting'`,
    [traders.map((t) => t.clientId)],
  );
  if (rows[0].awaiting === 0) {
    const { rows: last } = await check.query(
      `select max(updated_at) as at from orders where client_id = any($1::uuid[])`,
      [traders.map((t) => t.clientId)],
    );
    decidedAfterOpen = (last[0].at.getTime() - serverRun.result.openAt) / 1000;
    break;
  }
  await sleep(200);
}
await check.end();

socketPool.forEach((child) => child.send({ cmd: 'close' }));
generators.forEach((child) => child.send({ cmd: 'close' }));
bare.kill('SIGTERM');
rawSql.kill('SIGTERM');
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await scratch.drop();

const row = (target, { result: r, ticks }, cpuMs, loadAvg) => ({
  target,
  orders: r.orders,
  errors: r.errors,
  'p50 ms': r.p50,
  'p99 ms': r.p99,
  'max ms': r.max,
  'orders/s': Math.round(r.perSecond),
  'last answer s': r.lastAfterOpen.toFixed(2),
  'tick p50 ms': ticks.p50,
  'tick p99 ms': ticks.p99,
  'sockets dropped': ticks.dropped,
  'CPU ms/order': cpuMs,
  'load avg': loadAvg,
});
console.log(
  `\nMarket-open burst: ${CLIENTS} orders over ${SPREAD_S} s (${Math.round(CLIENTS / SPREAD_S)}/s offered, open loop) from ${ORDER_WORKERS} processes, ` +
    `${socketsUp} of ${SOCKETS} quote sockets (${failedHandshakes} failed handshakes) in ${WS_WORKERS} processes, PostgreSQL; load before ${loadBefore}\n`,
);
console.table([
  row('bare Fastify POST', bareRun, bareMs, bareLoad),
  row('raw SQL INSERT (its client process)', rawRun, rawMs, rawLoad),
  row('server POST /trade/app/v1/orders', serverRun, serverMs, serverLoad),
]);
for (const [name, run] of [
  ['bare', bareRun],
  ['raw SQL', rawRun],
  ['server', serverRun],
])
  for (const [reason, count] of Object.entries(run.result.reasons))
    console.error(`${name}: ${count} × ${reason}`);
const s = serverRun.result;
const t = serverRun.ticks;
console.log(
  [
    `orders in the database: ${stored[0].n} (${stored[0].filled} filled by the burst's end; every order decided ${decidedAfterOpen === null ? `not within ${FILL_LIMIT_MS / 1000} s` : `${decidedAfterOpen.toFixed(1)} s`} after the open); server CPU during the burst ${serverCpu.toFixed(2)} cores (${background.toFixed(2)} without orders: quotes, engine, matcher)`,
    `server CPU an order ${serverMs} ms beside bare POST's ${bareMs} ms a request (${(Number(serverMs) / Math.max(0.01, Number(bareMs))).toFixed(1)}×)`,
    `PostgreSQL CPU an order ${pgMs} ms beside raw SQL's ${rawPgMs} ms an INSERT (${(Number(pgMs) / Math.max(0.01, Number(rawPgMs))).toFixed(1)}×); during the burst the box was ${Math.round(serverRun.busy * 100)}% busy: server ${serverCpu.toFixed(2)} cores, PostgreSQL ${(serverRun.postgres / serverRun.seconds).toFixed(2)}, the bench's order and socket clients ${(serverRun.generators / serverRun.seconds).toFixed(2)} (of ${cores})`,
    `${budget.ordersPerSecond} orders/s at these costs needs the server ${needed.server.toFixed(2)} cores (one event loop: at most 1) and PostgreSQL ${needed.postgres.toFixed(2)}: ${(needed.server + needed.postgres).toFixed(2)} of the box's ${cores} before the bench's own clients`,
    `server / bare POST: p99 ${(s.p99 / Math.max(1, bareRun.result.p99)).toFixed(1)}×; server / raw SQL: p99 ${(s.p99 / Math.max(1, rawRun.result.p99)).toFixed(1)}×, orders/s ${(s.perSecond / rawRun.result.perSecond).toFixed(2)}×`,
    `errors ${s.errors} (budget ${budget.errors}); order p99 ${s.p99} ms (budget ≤ ${budget.orderP99}); tick p99 ${t.p99} ms (budget ≤ ${budget.tickP99}), ${t.framesEach.toFixed(2)} frames a socket a second; ${Math.round(s.perSecond)} orders/s (budget ≥ ${budget.ordersPerSecond})`,
  ].join('\n'),
);
console.log(
  `\nthe server's database connections during its burst (${waited.samples} samples of pg_stat_activity, 100 ms apart; busy connections a sample):`,
);
for (const [key, count] of waited.top)
  console.log(`  ${(count / waited.samples).toFixed(2)}  ${key}`);
const misses = [
  s.errors > budget.errors && `${s.errors} errors`,
  s.p99 > budget.orderP99 && `order p99 ${s.p99} ms is ${s.p99 - budget.orderP99} ms over`,
  t.p99 > budget.tickP99 && `tick p99 ${t.p99} ms is ${t.p99 - budget.tickP99} ms over`,
  s.perSecond < budget.ordersPerSecond &&
    `${Math.round(s.perSecond)} orders/s is ${Math.round(budget.ordersPerSecond - s.perSecond)}/s short`,
].filter(Boolean);
console.log(misses.length ? `budget NOT met: ${misses.join('; ')}` : 'budget met');

reportBench('market-open.mjs', [
  {
    id: 'market-open',
    what: `market-open burst: ${CLIENTS} orders over HTTP in ${SPREAD_S} s (open loop) with the PIN window, ${socketsUp} quote sockets, PostgreSQL`,
    figure: `${s.errors} errors; order p50 ${s.p50} ms, p99 ${s.p99} ms; ${Math.round(s.perSecond)} orders/s (last answer ${s.lastAfterOpen.toFixed(2)} s after the open); tick p99 ${t.p99} ms (p50 ${t.p50}); every order decided ${decidedAfterOpen === null ? 'not within 180 s' : `${decidedAfterOpen.toFixed(1)} s`} after the open; server ${serverCpu.toFixed(2)} cores, ${serverMs} ms CPU an order, PostgreSQL ${pgMs} ms an order; box ${Math.round(serverRun.busy * 100)}% busy; load ${serverLoad}`,
    baseline: `bare Fastify POST p99 ${bareRun.result.p99} ms, ${Math.round(bareRun.result.perSecond)}/s, ${bareMs} ms CPU a request (load ${bareLoad}); raw-SQL INSERT p99 ${rawRun.result.p99} ms, ${Math.round(rawRun.result.perSecond)}/s, PostgreSQL ${rawPgMs} ms CPU an INSERT (load ${rawLoad}); same schedule and sockets`,
    ratio: `p99 ${(s.p99 / Math.max(1, bareRun.result.p99)).toFixed(1)}× bare, ${(s.p99 / Math.max(1, rawRun.result.p99)).toFixed(1)}× raw SQL; orders/s ${(s.perSecond / rawRun.result.perSecond).toFixed(2)}× raw SQL; CPU an order ${(Number(serverMs) / Math.max(0.01, Number(bareMs))).toFixed(1)}× bare's in the server, ${(Number(pgMs) / Math.max(0.01, Number(rawPgMs))).toFixed(1)}× raw SQL's in PostgreSQL; ${budget.ordersPerSecond}/s needs ${(needed.server + needed.postgres).toFixed(2)} of ${cores} cores before the bench's clients`,
    budget: `0 errors, order p99 ≤ ${budget.orderP99} ms, tick p99 ≤ ${budget.tickP99} ms, ≥ ${budget.ordersPerSecond} orders/s`,
  },
]);
process.exit(0);
