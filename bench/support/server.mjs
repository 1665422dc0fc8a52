// Starts the real server — compiled, as `npm start` runs it — on the embedded PostgreSQL in a
// fresh data directory (or on `env.DATABASE_URL`) for a benchmark, and signs in the demo
// client. The caller stops it with server.kill('SIGTERM').
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { md5 } from '../../packages/shared/src/md5.ts';
import { buildServerIfNeeded } from '../../scripts/build-if-needed.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const DEMO_CREDENTIALS = { username: '9876543210', password: md5('demo1234') };

export async function startServer({ port, env = {}, name = 'bench-data' }) {
  const dataDir = path.join(root, '.tmp', name);
  rmSync(dataDir, { recursive: true, force: true });
  buildServerIfNeeded();
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100000',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  // A benchmark that fails must not leave its server running.
  process.on('exit', () => server.kill('SIGTERM'));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const signIn = await (
    await fetch(`${base}/auth/app/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CREDENTIALS),
    })
  ).json();
  return { server, base, token: signIn.data.access_token, dataDir };
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid) {
  const stat = readProc(`/proc/${pid}/stat`).split(') ')[1].split(' ');
  return (Number(stat[11]) + Number(stat[12])) / 100;
}

const readProc = (file) => readFileSync(file, 'utf8');

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
