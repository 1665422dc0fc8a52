// Search latency over the whole instrument universe through the stock-data API
// (GET /stock/api/v1/search/), cycling through prefix, name and misspelt queries, against a
// bare Fastify hello-world in its own process, same autocannon settings, same run.
// On PostgreSQL when DATABASE_URL names a server (a scratch database, dropped afterwards).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/search.mjs [seconds]
import autocannon from 'autocannon';
import { scratchPostgres } from './support/postgres.mjs';
import { load, startBare, startServer } from './support/server.mjs';

const duration = Number(process.argv[2] ?? 10);
const connections = 10;
const QUERIES = [
  'R',
  'RE',
  'REL',
  'HDFC',
  'bank',
  'infosys',
  'relaince',
  'tata',
  'M&M',
  'power',
  'pharma',
  'adani',
];

const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
const { server, base, token } = await startServer({
  port: 3203,
  name: 'bench-search',
  databaseUrl: scratch?.url ?? '',
});
const { bare, url: bareUrl } = await startBare({ port: 3206 });
const key = (
  await (
    await fetch(`${base}/market/app/v1/config`, { headers: { authorization: `Bearer ${token}` } })
  ).json()
).data.stock_api_key;

const searchTarget = {
  url: base,
  headers: { 'x-api-key': key },
  requests: QUERIES.map((q) => ({
    method: 'GET',
    path: `/stock/api/v1/search/?query=${encodeURIComponent(q)}`,
  })),
};
await load(autocannon, { url: bareUrl, connections, duration: 2 });
await load(autocannon, { ...searchTarget, connections, duration: 2 });
const bareRun = await load(autocannon, { url: bareUrl, connections, duration });
const searchRun = await load(autocannon, { ...searchTarget, connections, duration });

server.kill('SIGTERM');
bare.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await scratch?.drop();

const row = (title, r) => ({
  target: title,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors + r.non2xx,
});
console.log(
  `\nGET /stock/api/v1/search/ over ${QUERIES.length} queries, ${connections} connections, ${duration} s, ${scratch ? 'PostgreSQL' : 'embedded database'}\n`,
);
console.table([row('bare Fastify hello-world', bareRun), row('search', searchRun)]);
console.log(
  `search / bare: ${((searchRun.requests.average / bareRun.requests.average) * 100).toFixed(1)}% of the requests; ` +
    `p99 ${searchRun.latency.p99} ms (budget ≤ 5 ms; bare p99 ${bareRun.latency.p99} ms)`,
);
process.exit(0);
