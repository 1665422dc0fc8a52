/**
 * Backup and restore (issue 21): `sampada backup create FILE` then `sampada backup restore
 * FILE` into an empty DATA_DIR brings back every table row for row (balances, postings, the
 * audit log, KYC records…), every uploaded file byte for byte (the KYC images) and the keys;
 * a backup taken while money moves restores to a state whose ledger checks out; a non-empty
 * target is refused with a message. Both kinds: the embedded PostgreSQL (a physical copy) and
 * DATABASE_URL (pg_dump and pg_restore). Slow: it starts embedded PostgreSQL servers.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup } from '../db/backup.ts';
import { inject } from 'vitest';
import { moneyClient, fund, openDeposits } from '../modules/funds/test-fixtures.ts';
import S3rver from 's3rver';
import { restoredFileStore } from '../modules/files/service.ts';
import { s3FileStore, s3LocationOf } from '../modules/files/s3-store.ts';
import type { FileStore } from '../platform/storage.ts';
import { isUnavailable } from '../platform/pg-errors.ts';
import { buildTestApp } from '../test/helpers.ts';
import { newDataDir, openDataDir, prepareFirm } from '../test/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const folders: string[] = [];
const folder = (prefix: string) => {
  const dir = newDataDir(prefix);
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Each table's row count and a digest of its rows in order: equal means identical. */
async function tableDigests(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        `select table_schema || '.' || table_name as name from information_schema.tables
         where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows.map((r) => r.name);
    const digests: Record<string, string> = {};
    for (const table of tables) {
      const [schema, name] = table.split('.');
      const { rows } = await client.query<{ n: number; digest: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), ''))
           as digest from "${schema}"."${name}" t`,
      );
      digests[table] = `${rows[0]!.n} ${rows[0]!.digest}`;
    }
    return digests;
  } finally {
    await client.end();
  }
}

/**
 * Table digests once the database is quiet: work that follows an event after its answer (the
 * engagement recomputation of a confirmed deposit) has finished when two looks agree.
 */
async function settledDigests(url: string): Promise<Record<string, string>> {
  let previous = await tableDigests(url);
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await tableDigests(url);
    if (JSON.stringify(next) === JSON.stringify(previous)) return next;
    previous = next;
  }
  throw new Error('the database never went quiet');
}

/** Every file in a store with its SHA-256, by key. */
async function storeDigests(store: FileStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of store.keys())
    out[key] = createHash('sha256')
      .update((await store.get(key))!)
      .digest('hex');
  return out;
}

/** Every file under a folder with its SHA-256, by relative path. */
function fileDigests(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const at = path.join(dir, name);
      if (statSync(at).isDirectory()) walk(at);
      else
        out[path.relative(root, at)] = createHash('sha256').update(readFileSync(at)).digest('hex');
    }
  };
  walk(root);
  return out;
}

async function digestsOf(dataDir: string) {
  const { database } = await openDataDir(dataDir);
  try {
    return await tableDigests(database.url);
  } finally {
    await database.close();
  }
}

const sampada = (dataDir: string, ...argv: string[]) =>
  promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'apps/server/bin/sampada.mjs'), ...argv],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    },
  );

describe('backup and restore of the embedded PostgreSQL', () => {
  it('round-trips through the CLI: every table, every KYC image and the keys come back identical', async () => {
    const source = folder('sampada-backup-src-');
    const firm = await prepareFirm(source, 12);
    {
      const { ctx, database } = await openDataDir(source);
      const staffId = (await ctx.staff.findByEmail('ops@sampada.in'))!.id;
      for (const id of firm.depositIds.slice(0, 8))
        await ctx.funds.deposits.decide(id, 'confirm', {
          staffId,
          actor: { type: 'system', id: 'test' },
          baseUrl: 'http://localhost',
        });
      await database.close();
    }
    const before = await digestsOf(source);
    expect(before['public.ledger_postings']).toMatch(/^([1-9]\d*) /);
    expect(before['public.audit_log']).toMatch(/^([1-9]\d*) /);
    expect(before['public.kyc_submissions']).toMatch(/^1 /);
    const images = fileDigests(path.join(source, 'files'));
    expect(Object.keys(images).length).toBeGreaterThanOrEqual(2);

    const file = path.join(folder('sampada-backup-file-'), 'firm.tar.gz');
    const created = await sampada(source, 'backup', 'create', file);
    expect(created.stdout).toMatch(
      /^Backed up the embedded PostgreSQL \(PostgreSQL 17\.\d+\) and \d+ uploaded files to /,
    );

    const target = folder('sampada-backup-dst-');
    const restored = await sampada(target, 'backup', 'restore', file);
    expect(restored.stdout).toMatch(/^Restored the backup of .* into /);
    expect(await digestsOf(target)).toEqual(before);
    expect(fileDigests(path.join(target, 'files'))).toEqual(images);
    expect(readFileSync(path.join(target, 'secrets.json'))).toEqual(
      readFileSync(path.join(source, 'secrets.json')),
    );

    // A DATA_DIR in use is never overwritten.
    const refused = await sampada(source, 'backup', 'restore', file).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(
      /is not empty\. A backup is restored only into an empty DATA_DIR/,
    );
  }, 180_000);

  it('taken while deposits are being confirmed, restores to a state whose ledger checks out', async () => {
    const source = folder('sampada-backup-live-');
    const firm = await prepareFirm(source, 40);
    const file = path.join(folder('sampada-backup-file-'), 'live.tar.gz');
    const { ctx, database } = await openDataDir(source);
    try {
      const staffId = (await ctx.staff.findByEmail('ops@sampada.in'))!.id;
      // Forty confirmations queue on the firm's own ledger rows while the copy loads the box:
      // one that waits past lock_timeout is refused as "try again" (a 503 to the officer), and
      // is tried again, as the officer would.
      const confirm = async (id: string): Promise<void> => {
        try {
          await ctx.funds.deposits.decide(id, 'confirm', {
            staffId,
            actor: { type: 'system', id: 'test' },
            baseUrl: 'http://localhost',
          });
        } catch (error) {
          if (!isUnavailable(error)) throw error;
          await confirm(id);
        }
      };
      const confirming = Promise.all(firm.depositIds.map(confirm));
      await createBackup({ kind: 'embedded', url: database.url, dataDir: source }, file);
      await confirming;
    } finally {
      await database.close();
    }
    const target = folder('sampada-backup-live-dst-');
    await restoreBackup(file, { dataDir: target });
    const restored = await openDataDir(target);
    try {
      expect((await restored.ctx.ledger.check()).ok).toBe(true);
      const { rows } = (await restored.ctx.db.execute(
        `select d.status, count(p.id)::int as postings from deposits d
         left join ledger_postings p on p.reference = 'deposit:' || d.id
         where d.id in (${firm.depositIds.map((id) => `'${id}'`).join(', ')})
         group by d.id, d.status`,
      )) as unknown as { rows: { status: string; postings: number }[] };
      // The demo's own deposits (its history) are not part of this test.
      expect(rows).toHaveLength(40);
      for (const r of rows) expect(r.postings).toBe(r.status === 'confirmed' ? 1 : 0);
    } finally {
      await restored.database.close();
    }
  }, 180_000);
});

describe('backup and restore with DATABASE_URL (pg_dump and pg_restore)', () => {
  it('restores into an empty database and DATA_DIR identically, and refuses a database in use', async () => {
    const t = await buildTestApp();
    const file = path.join(folder('sampada-backup-file-'), 'url.tar.gz');
    const empty = `sampada_restore_${Date.now()}`;
    const admin = new pg.Client({ connectionString: inject('databaseServerUrl') });
    await admin.connect();
    try {
      await openDeposits(t);
      const c = await moneyClient(t);
      await fund(t, c, 25_000);
      const url = t.ctx.config.databaseUrl!;
      const before = await settledDigests(url);
      // With DATABASE_URL the files live in PostgreSQL (decision 033): in the dump itself.
      expect(t.ctx.files.kind).toBe('postgres');
      expect(Object.keys(await storeDigests(t.ctx.files)).length).toBeGreaterThanOrEqual(2);
      await createBackup(
        { kind: 'postgres', url, dataDir: t.ctx.config.dataDir, files: t.ctx.files },
        file,
      );

      await expect(restoreBackup(file, { url, dataDir: folder('sampada-x-') })).rejects.toThrow(
        /The database in DATABASE_URL is not empty/,
      );
      await admin.query(`create database ${empty}`);
      const emptyUrl = new URL(url);
      emptyUrl.pathname = `/${empty}`;
      const target = folder('sampada-backup-url-dst-');
      await restoreBackup(file, {
        url: emptyUrl.toString(),
        dataDir: target,
        ...restoredFileStore({
          dataDir: target,
          databaseUrl: emptyUrl.toString(),
          s3Url: undefined,
        }),
      });
      // Every table row for row, stored_file_chunks among them: the files' bytes.
      expect(await tableDigests(emptyUrl.toString())).toEqual(before);
      expect(existsSync(path.join(target, 'files'))).toBe(false);
    } finally {
      await admin.query(`drop database if exists ${empty} with (force)`);
      await admin.end();
      await t.close();
    }
  }, 120_000);
});

describe('backup and restore with files in S3-compatible storage (s3rver)', () => {
  it('copies the objects into the archive and puts them into the target’s bucket', async () => {
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: folder('sampada-s3rver-'),
      configureBuckets: [{ name: 'sampada', configs: [] }],
    });
    const { port } = (await s3.run()) as unknown as { port: number };
    const s3Url = (prefix: string) => `http://S3RVER:S3RVER@127.0.0.1:${port}/sampada/${prefix}`;
    const t = await buildTestApp({ env: { S3_URL: s3Url('firm') } });
    const file = path.join(folder('sampada-backup-file-'), 's3.tar.gz');
    const empty = `sampada_restore_s3_${Date.now()}`;
    const admin = new pg.Client({ connectionString: inject('databaseServerUrl') });
    await admin.connect();
    try {
      await openDeposits(t);
      await fund(t, await moneyClient(t), 25_000);
      expect(t.ctx.files.kind).toBe('s3');
      const images = await storeDigests(t.ctx.files);
      expect(Object.keys(images).length).toBeGreaterThanOrEqual(2);
      const url = t.ctx.config.databaseUrl!;
      const summary = await createBackup(
        { kind: 'postgres', url, dataDir: t.ctx.config.dataDir, files: t.ctx.files },
        file,
      );
      expect(summary.files).toBe(Object.keys(images).length);

      await admin.query(`create database ${empty}`);
      const emptyUrl = new URL(url);
      emptyUrl.pathname = `/${empty}`;
      const target = folder('sampada-backup-s3-dst-');
      const restored = await restoreBackup(file, {
        url: emptyUrl.toString(),
        dataDir: target,
        ...restoredFileStore({
          dataDir: target,
          databaseUrl: emptyUrl.toString(),
          s3Url: s3Url('restored'),
        }),
      });
      expect(restored.files).toBe(Object.keys(images).length);
      expect(await storeDigests(s3FileStore(s3LocationOf(s3Url('restored'))))).toEqual(images);
      expect(existsSync(path.join(target, 'files'))).toBe(false);
    } finally {
      await admin.query(`drop database if exists ${empty} with (force)`);
      await admin.end();
      await t.close();
      await s3.close();
    }
  }, 120_000);
});
