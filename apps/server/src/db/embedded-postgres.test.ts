import { execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded-postgres.ts';

const folders: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sampada-embedded-'));
  chmodSync(dir, 0o755);
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL server', () => {
  it('keeps its data across a stop and a start, on 127.0.0.1 with a password kept 0600', async () => {
    const dir = dataDir();
    const first = await startEmbeddedPostgres(dir);
    expect(new URL(first.url).hostname).toBe('127.0.0.1');
    await query(first.url, 'create table kept (note text); insert into kept values ($$hello$$)');
    const [version] = await query<{ server_version: string }>(first.url, 'show server_version');
    expect(version!.server_version).toMatch(/^17\./);
    await first.stop();
    expect(existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(statSync(path.join(dir, 'pg.secret')).mode & 0o777).toBe(0o600);

    const second = await startEmbeddedPostgres(dir);
    try {
      expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'hello' }]);
      const wrong = new URL(second.url);
      wrong.password = 'not-the-password';
      await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password/);
    } finally {
      await second.stop();
    }
  });

  it('runs the migrations and stops the server with the database', async () => {
    const dir = dataDir();
    const database = await openDatabase({ dataDir: dir });
    expect(database.kind).toBe('embedded');
    const rows = await query<{ n: string }>(
      database.url,
      "select count(*)::text as n from information_schema.tables where table_name = 'clients'",
    );
    expect(rows).toEqual([{ n: '1' }]);
    await database.close();
    expect(existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it('names what to do when DATA_DIR holds a database of the old PGlite engine', async () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, 'pgdata'));
    const failed = startEmbeddedPostgres(dir);
    await expect(failed).rejects.toThrow(EmbeddedPostgresError);
    await expect(failed).rejects.toThrow(/old embedded engine \(PGlite\).*Move that folder aside/s);
  });

  it('leaves nothing half-made when initdb fails, so the next start begins afresh', async () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, 'pg'));
    writeFileSync(path.join(dir, 'pg', 'stray'), 'not a cluster'); // initdb refuses a non-empty folder
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(/Could not create the embedded/);
    expect(existsSync(path.join(dir, 'pg'))).toBe(false);
    expect(existsSync(path.join(dir, 'pg.secret'))).toBe(false);
    const next = await startEmbeddedPostgres(dir);
    try {
      expect(await query(next.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await next.stop();
    }
  });

  it('takes over a server left running by a killed process, keeping committed data', async () => {
    const dir = dataDir();
    // A process that starts the server, commits a row and dies by SIGKILL before stopping it.
    const script = `
      import pg from 'pg';
      import { startEmbeddedPostgres } from ${JSON.stringify(path.join(import.meta.dirname, 'embedded-postgres.ts'))};
      const server = await startEmbeddedPostgres(${JSON.stringify(dir)});
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query('create table kept (n int); insert into kept values (42)');
      process.kill(process.pid, 'SIGKILL');
    `;
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
      },
    ).catch(() => {}); // killed, as intended
    const pid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(pid, 0)).not.toThrow(); // the orphan is still running

    const next = await startEmbeddedPostgres(dir);
    try {
      expect(await query(next.url, 'select n from kept')).toEqual([{ n: 42 }]);
    } finally {
      await next.stop();
    }
  });

  it('starts over a stale postmaster.pid whose number now belongs to another program', async () => {
    const dir = dataDir();
    const first = await startEmbeddedPostgres(dir);
    await query(first.url, 'create table kept (n int); insert into kept values (7)');
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    const lines = readFileSync(pidFile, 'utf8');
    await first.stop();
    // As after a power cut and a reboot: the file is left, and its PID runs something else.
    const stranger = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      writeFileSync(pidFile, lines.replace(/^\d+/, String(stranger.pid)));
      const next = await startEmbeddedPostgres(dir);
      try {
        expect(await query(next.url, 'select n from kept')).toEqual([{ n: 7 }]);
      } finally {
        await next.stop();
      }
      expect(() => process.kill(stranger.pid!, 0)).not.toThrow(); // left alone
    } finally {
      stranger.kill();
    }
  });

  it('refuses a data folder whose PostgreSQL another live server started', async () => {
    const dir = dataDir();
    const first = await startEmbeddedPostgres(dir);
    try {
      await expect(startEmbeddedPostgres(dir)).rejects.toThrow(/in use by another process/);
      expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await first.stop();
    }
  });
});
