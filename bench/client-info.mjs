// The lean request path: GET /auth/app/v1/client_info at 100 connections against a bare
// Fastify hello-world, each in its own process, loaded with the same autocannon settings in
// one run; and the server's idle RSS. On PostgreSQL when DATABASE_URL names a server (a
// scratch database is created there and dropped), else on the embedded database.
// The two are loaded in alternating rounds (bare, server, bare, server, …) and the ratio is the
// median of each round's ratio, so that load from anything else on the box falls on both alike.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/client-info.mjs [seconds] [rounds]
import autocannon from 'autocannon';
import { scratchPostgres } from './support/postgres.mjs';
import { cpuSeconds, load, rssMb, startBare, startServer } from './support/server.mjs';
import { reportBench } from './report.mjs';

const duration = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 3);
const connections = 100;
// Issue 37: ≥ 35% of bare on any box, and p99 within 3× bare's in the same round.
const budget = { ratio: 0.35, p99Times: 3, rssMb: 250 };
// BENCH_PORT moves both listeners (server on it, bare on the next) when another run holds 3204.
const port = Number(process.env.BENCH_PORT ?? 3204);

const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
const start = (keepData) =>
  startServer({ port, name: 'bench-client-info', databaseUrl: scratch?.url ?? '', keepData });
const idle = () => new Promise((r) => setTimeout(r, 8000));
// Idle RSS twice: on the first start (a fresh data directory and database: the demo seed and
// a year of price history, which run in a child process that exits), and after a restart on
// the same data, as a server runs on every later day; beside them the bare baseline's, idle as
// long. The load runs on the restarted server.
const { bare, url: bareUrl } = await startBare({ port: port + 1 });
let { server } = await start(false);
await idle();
const firstStartRss = rssMb(server.pid);
const bareRss = rssMb(bare.pid);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const restarted = await start(true);
({ server } = restarted);
const { base, token } = restarted;
await idle();
const idleRss = rssMb(server.pid);

const targets = {
  bare: { url: bareUrl },
  client_info: {
    url: `${base}/auth/app/v1/client_info`,
    headers: { authorization: `Bearer ${token}` },
  },
};
const settings = { connections, duration };
// A short warm-up of each (JIT, connection pools), then the measured runs.
for (const target of Object.values(targets)) await load(autocannon, { ...target, duration: 2 });
const runs = [];
for (let i = 0; i < rounds; i++) {
  // CPU time per answer, from /proc: less at the mercy of other load on the box than req/s.
  const bareCpu = cpuSeconds(bare.pid);
  const bareRun = await load(autocannon, { ...targets.bare, ...settings });
  const bareUs = ((cpuSeconds(bare.pid) - bareCpu) * 1e6) / bareRun.requests.total;
  const serverCpu = cpuSeconds(server.pid);
  const serverRun = await load(autocannon, { ...targets.client_info, ...settings });
  const serverUs = ((cpuSeconds(server.pid) - serverCpu) * 1e6) / serverRun.requests.total;
  bareRun.cpuUs = bareUs;
  serverRun.cpuUs = serverUs;
  runs.push({ bareRun, serverRun, ratio: serverRun.requests.average / bareRun.requests.average });
}
const loadedRss = rssMb(server.pid);

server.kill('SIGTERM');
bare.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await scratch?.drop();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
// The round whose ratio is the median one stands for the run.
const { bareRun, serverRun, ratio } = runs.find(
  (r) => r.ratio === median(runs.map((x) => x.ratio)),
);
const row = (title, r, round) => ({
  round,
  target: title,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  'non-2xx': r.non2xx + r.errors,
  'CPU µs/req': Math.round(r.cpuUs),
});
console.log(
  `\n${connections} connections, ${duration} s each, ${rounds} alternating rounds, ${scratch ? 'PostgreSQL' : 'embedded database'}\n`,
);
console.table(
  runs.flatMap((r, i) => [
    row('bare Fastify hello-world', r.bareRun, i + 1),
    row('GET client_info', r.serverRun, i + 1),
  ]),
);
console.log(`ratio per round: ${runs.map((r) => `${(r.ratio * 100).toFixed(1)}%`).join(', ')}`);
console.log(
  [
    `client_info / bare (median round): ${(ratio * 100).toFixed(1)}% (budget ≥ ${budget.ratio * 100}%)`,
    `client_info p99 in that round: ${serverRun.latency.p99} ms, ${(serverRun.latency.p99 / Math.max(1, bareRun.latency.p99)).toFixed(1)}× bare's ${bareRun.latency.p99} ms (budget ≤ ${budget.p99Times}×); median p99 over rounds ${median(runs.map((r) => r.serverRun.latency.p99))} ms`,
    `server CPU an answer: ${Math.round(serverRun.cpuUs)} µs beside bare's ${Math.round(bareRun.cpuUs)} µs (${(serverRun.cpuUs / bareRun.cpuUs).toFixed(1)}×)`,
    `server RSS idle: ${idleRss.toFixed(0)} MB after a restart, ${firstStartRss.toFixed(0)} MB on the first start (budget ≤ ${budget.rssMb} MB); bare Fastify idle ${bareRss.toFixed(0)} MB (first start ${(firstStartRss / bareRss).toFixed(1)}× bare); after the load: ${loadedRss.toFixed(0)} MB`,
  ].join('\n'),
);
reportBench('client-info.mjs', [
  {
    id: 'client-info',
    what: `GET client_info, c=${connections}, ${scratch ? 'PostgreSQL' : 'embedded database'}`,
    figure: `${Math.round(serverRun.requests.average).toLocaleString('en')} req/s, p99 ${serverRun.latency.p99} ms, ${Math.round(serverRun.cpuUs)} µs server CPU an answer`,
    baseline: `bare Fastify ${Math.round(bareRun.requests.average).toLocaleString('en')} req/s, p99 ${bareRun.latency.p99} ms, ${Math.round(bareRun.cpuUs)} µs CPU an answer`,
    ratio: `${(ratio * 100).toFixed(1)}% of bare (median of ${rounds} rounds: ${runs.map((r) => `${(r.ratio * 100).toFixed(1)}%`).join(', ')}); p99 ${(serverRun.latency.p99 / Math.max(1, bareRun.latency.p99)).toFixed(1)}× bare`,
    budget: `≥ ${budget.ratio * 100}% of bare, p99 ≤ ${budget.p99Times}× bare`,
  },
  {
    id: 'idle-rss',
    what: 'server RSS idle after a restart (first start; after the load)',
    figure: `${idleRss.toFixed(0)} MB (${firstStartRss.toFixed(0)} MB; ${loadedRss.toFixed(0)} MB)`,
    baseline: `bare Fastify idle ${bareRss.toFixed(0)} MB`,
    ratio: `${(idleRss / bareRss).toFixed(1)}× bare`,
    budget: `≤ ${budget.rssMb} MB`,
  },
]);
process.exit(0);
