// Start-up time to the first 200 of /healthz, as a user meets it with the apps built: a cold
// start on a fresh data directory (initdb, migrations, demo seed; the market history fills in
// after) and a restart on the same directory, each beside a bare 5-line Fastify started the
// same way in its own process. Every run is a new process; the figures are medians.
// Usage: node --import tsx bench/startup.mjs [runs]
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildServerIfNeeded } from '../scripts/build-if-needed.mjs';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import { reportBench } from './report.mjs';
import { percentile, root } from './support/server.mjs';

const runs = Number(process.argv[2] ?? 5);
// BENCH_PORT moves the listener (server and bare alike) off another run's port.
const port = Number(process.env.BENCH_PORT ?? 3207);
const dataDir = path.join(root, '.tmp', 'bench-startup');
const bare = path.join(root, '.tmp', 'bench-bare-fastify.mjs');
mkdirSync(path.dirname(bare), { recursive: true }); // a fresh checkout has no .tmp yet
writeFileSync(
  bare,
  `import Fastify from 'fastify';
const app = Fastify();
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ port: ${port}, host: '127.0.0.1' });
`,
);

/** Milliseconds from spawn to the first 200, then a SIGTERM and a wait for the exit. */
async function timeToFirst200(args, env = {}) {
  const started = performance.now();
  const child = spawn('node', args, {
    cwd: path.join(root, 'apps/server'), // where `fastify` resolves for the bare script too
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let elapsed = NaN;
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
        elapsed = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGTERM');
  await exited;
  return elapsed;
}

buildServerIfNeeded();
// As `npm start` runs it (decision 085).
const serverFlags = serverNodeFlags();
const rows = { cold: [], restart: [], bare: [] };
for (let run = 0; run < runs; run++) {
  rmSync(dataDir, { recursive: true, force: true });
  rows.cold.push(await timeToFirst200([...serverFlags, 'dist/main.js']));
  rows.restart.push(await timeToFirst200([...serverFlags, 'dist/main.js']));
  rows.bare.push(await timeToFirst200([bare]));
}
rmSync(dataDir, { recursive: true, force: true });

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const bareMs = median(rows.bare);
console.log(`\nStart-up to the first 200 of /healthz, median of ${runs} runs (apps built)\n`);
console.table(
  ['cold', 'restart', 'bare'].map((kind) => ({
    start:
      kind === 'cold' ? 'fresh data dir' : kind === 'restart' ? 'same data dir' : 'bare Fastify',
    'median s': (median(rows[kind]) / 1000).toFixed(2),
    'min s': (Math.min(...rows[kind]) / 1000).toFixed(2),
    'max s': (Math.max(...rows[kind]) / 1000).toFixed(2),
    '× bare': (median(rows[kind]) / bareMs).toFixed(1),
  })),
);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const spread = (kind) =>
  `${seconds(Math.min(...rows[kind]))}–${seconds(Math.max(...rows[kind]))}`.replaceAll(' s–', '–');
reportBench('startup.mjs', [
  {
    id: 'startup-cold',
    what: 'start-up to the first 200, fresh data folder (initdb, migrations, demo seed), apps built',
    figure: `${seconds(median(rows.cold))} (median of ${runs}, ${spread('cold')})`,
    baseline: `bare Fastify ${seconds(bareMs)}`,
    ratio: `${(median(rows.cold) / bareMs).toFixed(1)}× bare`,
    budget: '≤ 8 s',
  },
  {
    id: 'startup-restart',
    what: 'start-up to the first 200, restart on the same data folder',
    figure: `${seconds(median(rows.restart))} (median of ${runs}, ${spread('restart')})`,
    baseline: `bare Fastify ${seconds(bareMs)}`,
    ratio: `${(median(rows.restart) / bareMs).toFixed(1)}× bare`,
    budget: '≤ 3 s',
  },
]);
process.exit(0);
