// Identity paths against a bare Fastify hello-world, measured in one run on the same machine:
// GET client_info flat out (c=10), then POST login at a steady 20 req/s (argon2id per sign-in;
// budget: 20 req/s served with p99 ≤ 250 ms) beside the bare server at the same steady rate.
// Usage: node bench/identity.mjs [seconds]. With DATABASE_URL the server runs on a scratch
// database of that PostgreSQL server (created and dropped); otherwise on its embedded default.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { scratchPostgres } from './support/postgres.mjs';
import { DEMO_CREDENTIALS, startServer } from './support/server.mjs';

const duration = Number(process.argv[2] ?? 10);
const connections = 10;
const LOGIN_RATE = 20;
const PORT = 3201;

const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));
bare.post('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${bare.server.address().port}`;

const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
const { server, base, token } = await startServer({
  port: PORT,
  env: scratch ? { DATABASE_URL: scratch.url } : {},
});

const run = (title, opts) =>
  new Promise((resolve, reject) =>
    autocannon({ duration, connections, ...opts }, (err, result) =>
      err ? reject(err) : resolve({ title, result }),
    ),
  );

const credentials = JSON.stringify(DEMO_CREDENTIALS);
const post = { method: 'POST', headers: { 'content-type': 'application/json' } };
const flat = [
  await run('bare Fastify hello-world', { url: bareUrl }),
  await run('GET /auth/app/v1/client_info', {
    url: `${base}/auth/app/v1/client_info`,
    headers: { authorization: `Bearer ${token}` },
  }),
];
// A steady offered rate, not flat out: what matters for sign-in is the tail at a real load.
const steady = [
  await run(`bare POST at ${LOGIN_RATE} req/s`, {
    url: bareUrl,
    ...post,
    body: credentials,
    overallRate: LOGIN_RATE,
  }),
  await run(`POST /auth/app/v1/login at ${LOGIN_RATE} req/s`, {
    url: `${base}/auth/app/v1/login`,
    ...post,
    body: credentials,
    overallRate: LOGIN_RATE,
  }),
];
server.kill('SIGTERM');
await bare.close();
await new Promise((r) => server.once('exit', r));
await scratch?.drop();

const database = scratch ? 'PostgreSQL (DATABASE_URL)' : 'embedded database';
const row = ({ title, result }, baseline) => {
  const rps = result.requests.average;
  return `| ${title} | ${rps.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} | ${((rps / baseline.requests.average) * 100).toFixed(1)}% | ${(result.latency.p99 / Math.max(baseline.latency.p99, 1)).toFixed(1)}× |`;
};
console.log(`\n${connections} connections, ${duration} s each, ${database}\n`);
console.log(
  '| target | req/s | p50 ms | p99 ms | non-2xx + errors | req/s vs bare | p99 vs bare |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of flat) console.log(row(r, flat[0].result));
for (const r of steady) console.log(row(r, steady[0].result));
const login = steady[1].result;
const served = login.requests.average;
console.log(
  `\nlogin budget (${LOGIN_RATE} req/s served, p99 ≤ 250 ms): ${served >= LOGIN_RATE * 0.95 && login.latency.p99 <= 250 && login.non2xx === 0 ? 'met' : 'NOT met'} — ${served.toFixed(1)} req/s, p99 ${login.latency.p99} ms`,
);
