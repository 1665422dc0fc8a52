/**
 * A first start seeds the demo in a child process that exits (issue 13: its garbage used to
 * stay in the server, ~260 MB idle against ~150 MB after a restart). The server still starts
 * with the whole demo and its history; the seed's process is gone once it serves and was the
 * one that drew the KYC images (sharp's libvips is never loaded into the server); a restart
 * seeds nothing. A seed that fails, or a SIGTERM while it runs or before it (initdb,
 * migrations), stops start-up with a message that says so, and the embedded PostgreSQL is
 * stopped cleanly (no postmaster.pid left).
 * Slow: real server processes on fresh embedded databases.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  isAnswer,
  newDataDir,
  signInDemoClient,
  type ServerProcess,
  spawnServerProcess,
  startServerProcess,
} from './test/server-process.ts';

const folders: string[] = [];
const servers: Pick<ServerProcess, 'child' | 'exited'>[] = [];
// A test that failed half-way must not leave a server (and its PostgreSQL) running.
afterAll(async () => {
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});
const spawned = <T extends Pick<ServerProcess, 'child' | 'exited'>>(server: T) => {
  servers.push(server);
  return server;
};
const fresh = () => {
  const dir = newDataDir('sampada-first-start-');
  folders.push(dir);
  return dir;
};
const seeding = { SEED_DEMO: 'true' };

/** The command lines of a process's children that are still running. */
function childrenOf(pid: number): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(
        readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1],
      );
      if (parent === pid)
        found.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
const isSeeder = (cmdline: string) => cmdline.includes('first-start-process');

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A file's text, or undefined when it is not there (now). */
function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Whether the demo staff are in the data dir's embedded PostgreSQL yet (its port and password are in DATA_DIR). */
async function seedHasBegun(dataDir: string): Promise<boolean> {
  const port = Number(readIfThere(path.join(dataDir, 'pg', 'postmaster.pid'))?.split('\n')[3]);
  const password = readIfThere(path.join(dataDir, 'pg.secret'))?.trim();
  // PostgreSQL writes its pid file in steps and removes it when it stops: read it as it is now.
  if (!Number.isInteger(port) || port <= 0 || !password) return false;
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from staff');
    return rows[0]!.n > 0;
  } catch {
    return false; // not accepting yet, or not migrated yet
  } finally {
    await client.end().catch(() => {});
  }
}
const postgresStopped = (dataDir: string) =>
  !existsSync(path.join(dataDir, 'pg', 'postmaster.pid'));

describe('the first start', () => {
  it('seeds the whole demo in a process of its own that is gone once the server serves', async () => {
    const dataDir = fresh();
    const server = spawned(await startServerProcess(dataDir, seeding));
    try {
      expect(server.output()).toMatch(
        /Invitation\s+\S+ \(100 sign-ups, 30 days; seeded just now\)/,
      );
      expect(childrenOf(server.child.pid!).filter(isSeeder)).toEqual([]);
      // The seed drew the demo client's ID images with sharp: in its own process, not here.
      expect(readFileSync(`/proc/${server.child.pid}/maps`, 'utf8')).not.toMatch(/libvips/);
      // The demo client, their seven holdings bought on the history's closes, valued live.
      const token = await signInDemoClient(server.baseUrl);
      const portfolio = await call(server.baseUrl, 'GET', '/stat/app/v1/portfolio', { token });
      expect(isAnswer(portfolio) && portfolio.status).toBe(200);
      if (!isAnswer(portfolio)) return;
      expect(portfolio.body.data.summary.holdings).toBe(7);
      expect(portfolio.body.data.summary.unrealised_pnl_paise).not.toBe(0);
    } finally {
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }
    expect(postgresStopped(dataDir)).toBe(true);

    // A restart finds the demo and starts no seed.
    const again = spawned(await startServerProcess(dataDir, seeding));
    try {
      expect(again.output()).toMatch(/Invitation\s+npm run sampada -- invite create/);
      expect(again.output()).not.toMatch(/seeded just now/);
    } finally {
      // At once after the banner: the shutdown handlers are in place before it is printed.
      again.child.kill('SIGTERM');
      expect((await again.exited).code).toBe(0);
    }
    expect(postgresStopped(dataDir)).toBe(true);
  }, 180_000);

  it('stops start-up with a clear message when the seed fails, and stops the embedded PostgreSQL', async () => {
    const dataDir = fresh();
    // The seed stores the demo client's ID images under DATA_DIR/files: a file there breaks it.
    writeFileSync(path.join(dataDir, 'files'), 'not a folder');
    const server = spawned(spawnServerProcess(dataDir, seeding));
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toMatch(
      /The demo seed failed on this first start, so the server did not start: .*(ENOTDIR|EEXIST)/,
    );
    expect(server.output()).toMatch(/SEED_DEMO=false/);
    expect(server.output()).not.toMatch(/Sampada is running/);
    expect(postgresStopped(dataDir)).toBe(true);
  }, 120_000);

  it('stops the seed and the embedded PostgreSQL on a SIGTERM while seeding', async () => {
    const dataDir = fresh();
    const server = spawned(spawnServerProcess(dataDir, seeding));
    // The seed creates the demo staff first, then spends seconds on the history and the client.
    await until('the seed to write', () => seedHasBegun(dataDir));
    expect(childrenOf(server.child.pid!).filter(isSeeder)).toHaveLength(1);
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toMatch(/stopped by SIGTERM while the demo was being seeded/);
    expect(server.output()).not.toMatch(/Sampada is running/);
    expect(postgresStopped(dataDir)).toBe(true);
  }, 120_000);

  it('stops start-up and the embedded PostgreSQL on a SIGTERM before the seed (initdb, migrations)', async () => {
    const dataDir = fresh();
    const server = spawned(spawnServerProcess(dataDir, seeding));
    // On a fresh data dir the seed's process is forked at once, to load while PostgreSQL is made.
    await until('the seed process', () => childrenOf(server.child.pid!).some(isSeeder));
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toMatch(/Start-up was stopped by SIGTERM/);
    expect(postgresStopped(dataDir)).toBe(true);
  }, 120_000);
});
