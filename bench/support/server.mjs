// Starts the real server — compiled, as `npm start` runs it — on the embedded PostgreSQL in a
// fresh data directory (or on `env.DATABASE_URL`) for a benchmark, and signs in the demo
// client. The caller stops it with server.kill('SIGTERM').
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { md5 } from '../../packages/shared/src/md5.ts';
import { buildServerIfNeeded } from '../../scripts/build-if-needed.mjs';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { procStat } from './box-cpu.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const DEMO_CREDENTIALS = { username: '9876543210', password: md5('demo1234') };

/**
 * `databaseUrl` runs the server on that PostgreSQL database instead of the embedded one;
 * `nodeArgs` go to node before the entry point (--cpu-prof for a profile); `keepData` starts
 * on the data folder a previous start left (a restart) instead of a fresh one.
 */
export async function startServer({
  port,
  env = {},
  name = 'bench-data',
  databaseUrl = '',
  // BENCH_SERVER_ARGS adds Node flags to every bench's server, e.g. to profile it:
  // BENCH_SERVER_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profiles'.
  nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [],
  keepData = false,
}) {
  const dataDir = path.join(root, '.tmp', name);
  if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  buildServerIfNeeded();
  // With `npm start`'s own Node flags (decision 085), then the bench's.
  const server = spawn('node', [...serverNodeFlags(), ...nodeArgs, 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100000',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  // A benchmark that fails must not leave its server running.
  process.on('exit', () => server.kill('SIGTERM'));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${base}/healthz`);
  const signIn = await (
    await fetch(`${base}/auth/app/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CREDENTIALS),
    })
  ).json();
  if (signIn.code !== 200) throw new Error('The demo client could not sign in.');
  // `auth` is the whole sign-in answer, for benches that put a session in a browser.
  return { server, base, token: signIn.data.access_token, auth: signIn.data, dataDir };
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid) {
  const { fields } = procStat(pid);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const readProc = (file) => readFileSync(file, 'utf8');

/**
 * CPU seconds of a process's descendants still running (the embedded PostgreSQL's postmaster
 * and its backends, for the server): the database's share of a request's cost.
 */
export function descendantsCpuSeconds(pid) {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parentOf.set(Number(entry), Number(procStat(entry).fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const isDescendant = (p) => {
    for (let q = parentOf.get(p); q; q = parentOf.get(q)) if (q === pid) return true;
    return false;
  };
  let total = 0;
  for (const p of parentOf.keys()) {
    if (!isDescendant(p)) continue;
    try {
      total += cpuSeconds(p);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

async function waitUntilServing(url) {
  // BENCH_START_SECONDS: how long a start may take (a shared, loaded box seeds slowly).
  for (let i = 0; i < Number(process.env.BENCH_START_SECONDS ?? 120) * 2; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} never answered`);
}

/** The bare baseline (a 5-line Fastify hello-world) in its own process, like the server. */
export async function startBare({ port }) {
  const bare = spawn('node', [path.join(root, 'bench/support/bare.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => bare.kill('SIGTERM'));
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilServing(url);
  return { bare, url };
}

/** Resident set size of a process in MB, from /proc. */
export const rssMb = (pid) => statusMb(pid, 'VmRSS');

/** The highest resident set size the process has had since it started, in MB. */
export const peakRssMb = (pid) => statusMb(pid, 'VmHWM');

function statusMb(pid, field) {
  const line = readProc(`/proc/${pid}/status`)
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** autocannon with a title, as a promise. */
export const load = (autocannon, options) =>
  new Promise((resolve, reject) =>
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result))),
  );
