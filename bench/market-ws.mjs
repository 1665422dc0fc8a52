// Live-quote fan-out: N WebSocket clients, each subscribed to 50 distinct symbols drawn at
// random (seeded per client) from the whole universe, against the real server with the
// simulated market always open — and, in the same run, the same clients against a bare `ws`
// server in its own process (bench/support/bare-ws.mjs) that sends the same frame shape for
// every symbol every 500 ms.
//
// The clients live in several worker processes (bench/support/ws-clients.mjs), so the load
// generator is not one saturated event loop. Each quote's delay is measured from its tick
// (`updated_at`, stamped by the server) to its arrival, on the one machine clock both share.
// Reported per target: p50/p99/max delay, messages and quote updates per second, failed
// handshakes (counted, never retried), sockets dropped during the run, the target's CPU
// (/proc/<pid>/stat) and RSS (VmRSS sampled every 250 ms from the first connection to the
// end; VmHWM, the kernel's own peak, since the process started), and the clients' own CPU.
//
// The real server is started, stopped and started again on the same data before the load, as
// it runs on every later day: the first start seeds and generates a year of history in the
// process, garbage that bench/client-info.mjs reports separately as first-start idle RSS.
//
// Usage: [DATABASE_URL=…] [BENCH_WS_WORKERS=4] node --import tsx bench/market-ws.mjs [seconds] [clients]
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { scratchPostgres } from './support/postgres.mjs';
import { cpuSeconds, peakRssMb, root, rssMb, startServer } from './support/server.mjs';

const seconds = Number(process.argv[2] ?? 15);
const clients = Number(process.argv[3] ?? 5000);
const workers = Number(process.env.BENCH_WS_WORKERS ?? 4);
const SYMBOLS_EACH = 50;
const SERVER_PORT = 3202;
const BARE_PORT = 3212;
const budget = { rssMb: 300, p99: 300, failed: 0 };

const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
const start = (keepData) =>
  startServer({
    port: SERVER_PORT,
    env: { MARKET_ALWAYS_OPEN: 'true' },
    name: 'bench-ws',
    databaseUrl: scratch?.url ?? '',
    keepData,
  });
let { server } = await start(false);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const restarted = await start(true);
({ server } = restarted);
const { base, token } = restarted;

// Every instrument, page by page: stocks and indices alike.
const universe = [];
for (let cursor = null, first = true; first || cursor; first = false) {
  const page = (
    await (
      await fetch(
        `${base}/market/app/v1/list?filter=all&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { headers: { authorization: `Bearer ${token}` } },
      )
    ).json()
  ).data;
  universe.push(...page.items.map((i) => i.symbol));
  cursor = page.next_cursor;
}

const bare = fork(path.join(root, 'bench/support/bare-ws.mjs'), {
  env: { ...process.env, PORT: String(BARE_PORT), UNIVERSE: universe.join(',') },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  execArgv: [],
});
process.on('exit', () => bare.kill('SIGTERM'));
await new Promise((r) => setTimeout(r, 1000));

const ask = (child, command) =>
  new Promise((resolve) => {
    child.once('message', resolve);
    child.send(command);
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One target under the same clients: connect all, settle, record for `seconds`, report. */
async function run(name, url, pid) {
  let sampledPeak = rssMb(pid);
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, rssMb(pid))), 250);
  const pool = Array.from({ length: workers }, () =>
    fork(path.join(root, 'bench/support/ws-clients.mjs'), { stdio: 'inherit', execArgv: [] }),
  );
  const slice = Math.ceil(clients / workers);
  const connected = await Promise.all(
    pool.map((child, w) =>
      ask(child, {
        cmd: 'connect',
        url,
        token,
        from: w * slice,
        to: Math.min(clients, (w + 1) * slice),
        symbolsEach: SYMBOLS_EACH,
        universe,
      }),
    ),
  );
  for (const { reasons } of connected)
    for (const [reason, count] of Object.entries(reasons))
      console.error(`${name}: ${count} failed handshake(s): ${reason}`);
  await sleep(2000);
  const cpuBefore = cpuSeconds(pid);
  const clientCpuBefore = pool.reduce((sum, child) => sum + cpuSeconds(child.pid), 0);
  const started = Date.now();
  pool.forEach((child) => child.send({ cmd: 'record' }));
  await sleep(seconds * 1000);
  const reports = await Promise.all(pool.map((child) => ask(child, { cmd: 'report' })));
  const elapsed = (Date.now() - started) / 1000;
  const cpu = (cpuSeconds(pid) - cpuBefore) / elapsed;
  const clientCpu =
    (pool.reduce((sum, child) => sum + cpuSeconds(child.pid), 0) - clientCpuBefore) / elapsed;
  clearInterval(sampler);
  const hwm = peakRssMb(pid);
  pool.forEach((child) => child.send({ cmd: 'close' }));
  await Promise.all(pool.map((child) => new Promise((r) => child.once('exit', r))));

  const counts = new Map();
  for (const { bins } of reports)
    for (const [ms, count] of bins) counts.set(ms, (counts.get(ms) ?? 0) + count);
  const sum = (key) => reports.reduce((total, report) => total + report[key], 0);
  const total = sum('quotes');
  const at = (p) => {
    const rank = Math.ceil((p / 100) * total);
    let seen = 0;
    for (const ms of [...counts.keys()].sort((a, b) => a - b)) {
      seen += counts.get(ms);
      if (seen >= rank) return ms;
    }
    return NaN;
  };
  return {
    target: name,
    clients: connected.reduce((n, c) => n + c.connected, 0),
    'failed handshakes': connected.reduce((n, c) => n + c.failed, 0),
    'dropped in run': sum('dropped'),
    'messages/s': Math.round(sum('messages') / elapsed),
    'quote updates/s': Math.round(total / elapsed),
    'MB/s': (sum('bytes') / elapsed / 1e6).toFixed(1),
    'p50 ms': at(50),
    'p99 ms': at(99),
    'max ms': at(100),
    'CPU (cores)': cpu.toFixed(2),
    'RSS peak MB': Math.round(sampledPeak),
    'VmHWM MB': Math.round(hwm),
    'clients CPU (cores)': clientCpu.toFixed(2),
    'load avg': os.loadavg()[0].toFixed(1),
  };
}

const rows = [];
rows.push(await run('bare ws', `ws://127.0.0.1:${BARE_PORT}/`, bare.pid));
await sleep(2000);
rows.push(await run('server', `${base.replace('http', 'ws')}/ws/app/v1`, server.pid));

bare.kill('SIGTERM');
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await scratch?.drop();

const [baseline, real] = rows;
console.log(
  `\nWebSocket fan-out: ${clients} clients × ${SYMBOLS_EACH} of ${universe.length} symbols, ${workers} client processes, ${seconds} s recorded, ${scratch ? 'PostgreSQL' : 'embedded PostgreSQL'}`,
);
console.table(rows);
console.log(
  `server / bare: p99 ${(real['p99 ms'] / baseline['p99 ms']).toFixed(2)}×, p50 ${(real['p50 ms'] / baseline['p50 ms']).toFixed(2)}×, ` +
    `CPU per quote update ${(real['CPU (cores)'] / real['quote updates/s'] / (baseline['CPU (cores)'] / baseline['quote updates/s'])).toFixed(2)}×, ` +
    `RSS peak ${(real['RSS peak MB'] / baseline['RSS peak MB']).toFixed(2)}×`,
);
const met =
  real['RSS peak MB'] <= budget.rssMb &&
  real['p99 ms'] <= budget.p99 &&
  real['failed handshakes'] === budget.failed &&
  real.clients === clients;
console.log(
  `budget at ${clients} clients: RSS ≤ ${budget.rssMb} MB, p99 ≤ ${budget.p99} ms, ${budget.failed} failed handshakes → ${met ? 'met' : 'NOT met'}`,
);
process.exit(0);
