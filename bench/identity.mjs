// Throughput of GET client_info and POST login against a bare Fastify hello-world, measured
// in one run on the same machine. Usage: npm run bench  (or node bench/identity.mjs [seconds])
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { md5 } from '../packages/shared/src/md5.ts';

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.argv[2] ?? 10);
const connections = 10;
const PORT = 3201;

const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${bare.server.address().port}`;

const dataDir = path.join(root, '.tmp/bench-data');
rmSync(dataDir, { recursive: true, force: true });
const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100000',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}`;
for (let i = 0; i < 120; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}

const credentials = JSON.stringify({ username: '9876543210', password: md5('demo1234') });
const signIn = await (
  await fetch(`${base}/auth/app/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: credentials,
  })
).json();
const token = signIn.data.access_token;

const run = (title, opts) =>
  new Promise((resolve, reject) =>
    autocannon({ duration, connections, ...opts }, (err, result) =>
      err ? reject(err) : resolve({ title, result }),
    ),
  );

const runs = [
  await run('bare Fastify hello-world', { url: bareUrl }),
  await run('GET /auth/app/v1/client_info', {
    url: `${base}/auth/app/v1/client_info`,
    headers: { authorization: `Bearer ${token}` },
  }),
  await run('POST /auth/app/v1/login', {
    url: `${base}/auth/app/v1/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: credentials,
  }),
];
server.kill('SIGTERM');
await bare.close();

const baseline = runs[0].result.requests.average;
console.log(`\n${connections} connections, ${duration} s each, embedded PostgreSQL (PGlite)\n`);
console.log('| target | req/s | p50 ms | p99 ms | non-2xx | vs hello-world |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const { title, result } of runs) {
  const rps = result.requests.average;
  console.log(
    `| ${title} | ${rps.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${((rps / baseline) * 100).toFixed(1)}% |`,
  );
}
