// Identity paths against a bare Fastify hello-world, measured in one run on the same machine:
// GET client_info flat out (autocannon, c=10), then POST login at a steady 20 req/s, open loop
// (argon2id per sign-in; budget: 20 req/s served with p99 ≤ 250 ms), beside the bare server
// loaded the same way.
// Usage: node bench/identity.mjs [seconds]. With DATABASE_URL the server runs on a scratch
// database of that PostgreSQL server (created and dropped); otherwise on its embedded default.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { scratchPostgres } from './support/postgres.mjs';
import { DEMO_CREDENTIALS, percentile, startServer } from './support/server.mjs';

const duration = Number(process.argv[2] ?? 10);
const connections = 10;
const LOGIN_RATE = 20;

/** A port nobody listens on now: other benches may be running on this machine. */
async function freePort() {
  const probe = Fastify();
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const { port } = probe.server.address();
  await probe.close();
  return port;
}

const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));
bare.post('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${bare.server.address().port}`;

const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
const { server, base, token } = await startServer({
  port: await freePort(),
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
// Open loop: request i is sent at start + i/rate whether or not earlier ones have answered
// (autocannon's overallRate sends each connection's share in bursts), and its latency counts
// from that scheduled moment, so a server falling behind shows in p99 instead of hiding.
async function steadyRun(title, url, rate, seconds) {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const latencies = [];
  let failed = 0;
  const one = async (i) => {
    const due = started + (i * 1000) / rate;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    try {
      const response = await fetch(url, { ...post, body: credentials });
      await response.arrayBuffer();
      if (response.status !== 200) failed++;
    } catch {
      failed++;
    }
    latencies.push(performance.now() - due);
  };
  await Promise.all(Array.from({ length: total }, (_, i) => one(i)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    title,
    result: {
      requests: { average: total / elapsed },
      latency: {
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
      },
      non2xx: failed,
      errors: 0,
    },
  };
}
const steady = [
  await steadyRun(`bare POST at ${LOGIN_RATE} req/s`, bareUrl, LOGIN_RATE, duration),
  await steadyRun(
    `POST /auth/app/v1/login at ${LOGIN_RATE} req/s`,
    `${base}/auth/app/v1/login`,
    LOGIN_RATE,
    duration,
  ),
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
