/**
 * `sampada backup create FILE` and `sampada backup restore FILE`: one gzip'd tar holding a
 * consistent copy of the database, the uploaded files (DATA_DIR/files) and the keys they are
 * signed and encrypted with (DATA_DIR/secrets.json, when the keys are not given by
 * environment) — so the file must be kept as carefully as the database itself.
 *
 * The database part depends on where it lives:
 * - the embedded PostgreSQL: a physical base backup through PostgreSQL's own low-level API
 *   (pg_backup_start / pg_backup_stop) taken while it runs, with a temporary replication
 *   slot holding the WAL the copy needs. The embedded packages ship no pg_dump, and a
 *   machine's pg_dump older than 17 refuses a 17 server; the physical copy needs neither and
 *   comes back bit for bit. A restore unpacks it and lets PostgreSQL replay the WAL once.
 * - DATABASE_URL: `pg_dump --format=custom` (one snapshot), with the first pg_dump found —
 *   on PATH, in /usr/lib/postgresql/N/bin, or PG_BIN_DIR — whose major version is at least
 *   the server's; restored with the matching pg_restore into an empty database (also into a
 *   fresh embedded PostgreSQL, to move off a server).
 * The uploaded files are copied after the database, so every file a row names is there
 * (files are only ever added under a new name). Wherever they live (decision 033): DATA_DIR/files
 * is copied as a folder; files in PostgreSQL are in the database's copy already; objects in S3
 * are read through the store into the archive's files/ folder. A restore puts the archive's
 * files into the store the target uses (S3 or PostgreSQL), or DATA_DIR/files.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import { Writable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { FileStore } from '../platform/storage.ts';
import { createTarWriter, readTar, type TarWriter } from '../platform/tar.ts';
import { embeddedBinDir, runAs, startEmbeddedPostgres } from './embedded-postgres.ts';

export class BackupError extends Error {}

const ROOT = 'sampada-backup';
const FORMAT = 'sampada-backup';
const VERSION = 1;

type Manifest = {
  format: typeof FORMAT;
  version: number;
  /** embedded: a physical copy of DATA_DIR/pg; postgres: a pg_dump archive. */
  kind: 'embedded' | 'postgres';
  createdAt: string;
  serverVersion: string;
  /** Where the uploaded files lived (absent in older backups: DATA_DIR). */
  files?: FileStore['kind'];
};

export type BackupSource = {
  kind: 'embedded' | 'postgres';
  /** The database's address (for the embedded server: the running one). */
  url: string;
  dataDir: string;
  /** Extra folders to look for pg_dump and pg_restore in, first. */
  binDirs?: string[];
  /** The file store in use; without it, DATA_DIR/files. */
  files?: FileStore;
};

export type BackupSummary = { kind: Manifest['kind']; serverVersion: string; files: number };

const run = promisify(execFile);

async function query<T>(client: pg.Client, text: string, values: unknown[] = []) {
  return (await client.query(text, values)).rows as T[];
}

/** Writes the backup of `source` to `file` (replaced if it exists). */
export async function createBackup(source: BackupSource, file: string): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const tar = createTarWriter(partial);
  try {
    const serverVersion = (
      await query<{ server_version: string }>(client, 'show server_version')
    )[0]!.server_version;
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      kind: source.kind,
      createdAt: new Date().toISOString(),
      serverVersion,
      files: source.files?.kind ?? 'disk',
    };
    await tar.addDirectory(ROOT);
    await tar.addBuffer(`${ROOT}/manifest.json`, Buffer.from(JSON.stringify(manifest, null, 2)));
    if (source.kind === 'embedded') await copyCluster(client, source.dataDir, tar);
    else await dumpDatabase(client, source, tar);
    for (const name of ['secrets.json', 'pg.secret']) {
      const at = path.join(source.dataDir, name);
      if (existsSync(at)) await tar.addFile(`${ROOT}/${name}`, at, 0o600);
    }
    const files = await addFiles(tar, source);
    await tar.finish();
    renameSync(partial, file);
    return { kind: source.kind, serverVersion, files };
  } catch (error) {
    await tar.finish().catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

/** The uploaded files, from wherever they live; answers how many. */
async function addFiles(tar: TarWriter, source: BackupSource): Promise<number> {
  const store = source.files;
  if (!store || store.kind === 'disk')
    return addTree(tar, path.join(source.dataDir, 'files'), `${ROOT}/files`);
  let count = 0;
  const folders = new Set<string>();
  for await (const key of store.keys()) {
    count += 1;
    // In the database's copy already; counted for the summary.
    if (store.kind === 'postgres') continue;
    const bytes = await store.get(key);
    if (!bytes) continue; // removed since it was listed
    const folder = key.split('/')[0]!;
    if (!folders.size) await tar.addDirectory(`${ROOT}/files`);
    if (!folders.has(folder)) await tar.addDirectory(`${ROOT}/files/${folder}`);
    folders.add(folder);
    await tar.addBuffer(`${ROOT}/files/${key}`, bytes);
  }
  return count;
}

/** Adds a folder's files (recursively); answers how many. */
async function addTree(tar: TarWriter, folder: string, as: string): Promise<number> {
  if (!existsSync(folder)) return 0;
  await tar.addDirectory(as);
  let count = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const from = path.join(folder, entry.name);
    if (entry.isDirectory()) count += await addTree(tar, from, `${as}/${entry.name}`);
    else if (entry.isFile() && !entry.name.endsWith('.tmp'))
      count += (await tar.addFile(`${as}/${entry.name}`, from)) ? 1 : 0;
  }
  return count;
}

/** Folders whose contents a base backup leaves out (PostgreSQL's own list), kept empty. */
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIPPED = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'current_logfiles',
]);

async function copyClusterTree(tar: TarWriter, folder: string, as: string) {
  await tar.addDirectory(as);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue;
    const from = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (EMPTIED.has(entry.name) && as === `${ROOT}/pg`) {
        await tar.addDirectory(`${as}/${entry.name}`);
        if (entry.name === 'pg_wal') await tar.addDirectory(`${as}/pg_wal/archive_status`);
      } else await copyClusterTree(tar, from, `${as}/${entry.name}`);
    } else if (entry.isFile()) await tar.addFile(`${as}/${entry.name}`, from);
  }
}

async function copyCluster(client: pg.Client, dataDir: string, tar: TarWriter) {
  const pgDir = path.join(dataDir, 'pg');
  const slot = `sampada_backup_${randomBytes(4).toString('hex')}`;
  // A temporary slot keeps every WAL segment from here on until this session ends.
  await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
  await client.query("select pg_backup_start('sampada backup', true)");
  let stopped = false;
  try {
    await copyClusterTree(tar, pgDir, `${ROOT}/pg`);
    const [stop] = await query<{ labelfile: string; spcmapfile: string }>(
      client,
      'select labelfile, spcmapfile from pg_backup_stop(false)',
    );
    stopped = true;
    await tar.addBuffer(`${ROOT}/pg/backup_label`, Buffer.from(stop!.labelfile));
    if (stop!.spcmapfile)
      await tar.addBuffer(`${ROOT}/pg/tablespace_map`, Buffer.from(stop!.spcmapfile));
    // The WAL from the backup's start (held by the slot) to past its end, copied last.
    const walDir = path.join(pgDir, 'pg_wal');
    for (const name of readdirSync(walDir).sort()) {
      if (/^[0-9A-F]{24}$/.test(name) || /^[0-9A-F]{8}\.history$/.test(name))
        await tar.addFile(`${ROOT}/pg/pg_wal/${name}`, path.join(walDir, name));
    }
  } finally {
    if (!stopped) await client.query('select pg_backup_stop(false)').catch(() => {});
  }
}

// ---------- pg_dump and pg_restore for DATABASE_URL ----------

type Tool = { file: string; major: number };

/** Every `name` program on PATH, in /usr/lib/postgresql/N/bin, beside the embedded server. */
async function findTools(name: 'pg_dump' | 'pg_restore', extra: string[] = []): Promise<Tool[]> {
  const dirs = [...extra, ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  const versioned = '/usr/lib/postgresql';
  if (existsSync(versioned))
    for (const v of readdirSync(versioned)) dirs.push(path.join(versioned, v, 'bin'));
  dirs.push(await embeddedBinDir().catch(() => ''));
  const found: Tool[] = [];
  const seen = new Set<string>();
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (!dir || seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    try {
      const { stdout } = await run(file, ['--version']);
      const major = Number(/(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^\d]*/, ''))?.[1]);
      if (major) found.push({ file, major });
    } catch {
      // not runnable here
    }
  }
  return found;
}

/** The oldest tool of at least `major` (closest to the server); a clear error if none. */
async function toolFor(name: 'pg_dump' | 'pg_restore', major: number, extra?: string[]) {
  const tools = await findTools(name, extra);
  const fit = tools.filter((t) => t.major >= major).sort((a, b) => a.major - b.major)[0];
  if (fit) return fit.file;
  const seen = tools.map((t) => `${t.major} (${t.file})`).join(', ') || 'none';
  throw new BackupError(
    `No ${name} of PostgreSQL ${major} or newer was found (found: ${seen}). Install the ` +
      `PostgreSQL ${major} client programs (Debian: postgresql-client-${major}), or name their ` +
      'folder in PG_BIN_DIR.',
  );
}

const serverMajor = async (client: pg.Client) =>
  Math.floor(
    Number(
      (await query<{ server_version_num: string }>(client, 'show server_version_num'))[0]!
        .server_version_num,
    ) / 10_000,
  );

async function dumpDatabase(client: pg.Client, source: BackupSource, tar: TarWriter) {
  const pgDump = await toolFor('pg_dump', await serverMajor(client), source.binDirs);
  const dumpFile = path.join(os.tmpdir(), `sampada-dump-${randomBytes(6).toString('hex')}`);
  try {
    await runTool(pgDump, [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${dumpFile}`,
      `--dbname=${source.url}`,
    ]);
    await tar.addFile(`${ROOT}/database.dump`, dumpFile, 0o600);
  } finally {
    rmSync(dumpFile, { force: true });
  }
}

function runTool(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(`${path.basename(file)} failed (exit ${code}):\n${errors.trim()}`),
          ),
    );
  });
}

// ---------- restore ----------

export type RestoreTarget = {
  /** DATABASE_URL: restore into that (empty) database; otherwise into DATA_DIR's embedded one. */
  url?: string;
  dataDir: string;
  binDirs?: string[];
  /**
   * The file store the target uses when not DATA_DIR/files (S3, or PostgreSQL), opened once
   * the database is restored; the archive's files are put into it.
   */
  openFiles?: () => Promise<{ store: FileStore; close(): Promise<void> }>;
};

export type RestoreSummary = BackupSummary & { createdAt: string };

function refuseNonEmptyDataDir(dataDir: string) {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new BackupError(
      `${dataDir} is not empty. A backup is restored only into an empty DATA_DIR, so that ` +
        'nothing in use is overwritten: stop the server, move that folder aside (or choose a ' +
        'new DATA_DIR), and run the restore again.',
    );
}

async function refuseNonEmptyDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [row] = await query<{ n: number }>(
      client,
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (row!.n > 0)
      throw new BackupError(
        `The database in DATABASE_URL is not empty (${row!.n} tables). A backup is restored ` +
          'only into an empty database: create a new one (createdb) and point DATABASE_URL at it.',
      );
    return await serverMajor(client);
  } finally {
    await client.end();
  }
}

/** A sink that keeps an entry's bytes and hands them over once complete. */
function collect(onComplete: (bytes: Buffer) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    final(done) {
      try {
        onComplete(Buffer.concat(chunks));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** Restores `file` into an empty DATA_DIR (and, with `url`, an empty database). */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  refuseNonEmptyDataDir(target.dataDir);
  const major = target.url ? await refuseNonEmptyDatabase(target.url) : null;
  mkdirSync(target.dataDir, { recursive: true });
  const staging = path.join(target.dataDir, `.restoring-${randomBytes(4).toString('hex')}`);
  let manifest: Manifest | null = null;
  let files = 0;
  try {
    await readTar(file, async (entry) => {
      if (!manifest) {
        if (entry.name === ROOT && entry.type === 'dir') return null;
        if (entry.name !== `${ROOT}/manifest.json`)
          throw new BackupError(`${file} is not a Sampada backup (it has no manifest first).`);
        return collect((bytes) => {
          manifest = checkManifest(JSON.parse(bytes.toString('utf8')));
          if (manifest.kind === 'embedded' && target.url)
            throw new BackupError(
              'This backup holds the embedded PostgreSQL’s data folder: restore it without ' +
                'DATABASE_URL, into an empty DATA_DIR (the server then runs on it as it did).',
            );
        });
      }
      const relative = entry.name.slice(ROOT.length + 1);
      if (!entry.name.startsWith(`${ROOT}/`) || !relative) return null;
      const to = path.join(staging, relative);
      if (entry.type === 'dir') {
        mkdirSync(to, { recursive: true, mode: 0o700 });
        return null;
      }
      if (relative.startsWith('files/')) files += 1;
      mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
      return createWriteStream(to, { mode: entry.mode & 0o777 || 0o600 });
    });
    if (!manifest) throw new BackupError(`${file} is not a Sampada backup (it is empty).`);
    const m: Manifest = manifest;
    if (m.kind === 'embedded') await restoreCluster(staging, target.dataDir);
    else await restoreDump(staging, target, major);
    if (target.openFiles) await putFiles(path.join(staging, 'files'), target.openFiles);
    for (const name of ['secrets.json', 'files'])
      if (existsSync(path.join(staging, name)))
        renameSync(path.join(staging, name), path.join(target.dataDir, name));
    rmSync(staging, { recursive: true, force: true });
    return { kind: m.kind, serverVersion: m.serverVersion, createdAt: m.createdAt, files };
  } catch (error) {
    // Nothing half-restored stays behind: the folder is as empty as it was found.
    for (const name of readdirSync(target.dataDir))
      rmSync(path.join(target.dataDir, name), { recursive: true, force: true });
    throw error;
  }
}

/** Puts the archive's files (folder/name) into the target's store, then drops the copies. */
async function putFiles(folder: string, openFiles: NonNullable<RestoreTarget['openFiles']>) {
  if (!existsSync(folder)) return;
  const { store, close } = await openFiles();
  try {
    for (const sub of readdirSync(folder, { withFileTypes: true }).filter((e) => e.isDirectory()))
      for (const name of readdirSync(path.join(folder, sub.name)))
        await store.put(
          `${sub.name}/${name}`,
          createReadStream(path.join(folder, sub.name, name)) as AsyncIterable<Buffer>,
        );
  } finally {
    await close();
  }
  rmSync(folder, { recursive: true, force: true });
}

function checkManifest(value: unknown): Manifest {
  const m = value as Partial<Manifest>;
  if (m.format !== FORMAT || (m.kind !== 'embedded' && m.kind !== 'postgres'))
    throw new BackupError('The archive is not a Sampada backup (its manifest is not ours).');
  if (typeof m.version !== 'number' || m.version > VERSION)
    throw new BackupError(
      `The backup was made by a newer Sampada (format ${m.version}); restore it with that version.`,
    );
  return m as Manifest;
}

/** Moves the copied cluster into place and lets PostgreSQL replay its WAL once. */
async function restoreCluster(staging: string, dataDir: string) {
  const pgDir = path.join(dataDir, 'pg');
  renameSync(path.join(staging, 'pg'), pgDir);
  renameSync(path.join(staging, 'pg.secret'), path.join(dataDir, 'pg.secret'));
  await chmod(pgDir, 0o700);
  const user = runAs();
  if (user) await chownTree(pgDir, user);
  const server = await startEmbeddedPostgres(dataDir); // recovery runs before it is ready
  await server.stop();
}

async function chownTree(folder: string, user: { uid: number; gid: number }) {
  chownSync(folder, user.uid, user.gid);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const at = path.join(folder, entry.name);
    if (entry.isDirectory()) await chownTree(at, user);
    else if ((await lstat(at)).isFile()) chownSync(at, user.uid, user.gid);
  }
}

async function restoreDump(staging: string, target: RestoreTarget, major: number | null) {
  const dump = path.join(staging, 'database.dump');
  if (target.url) {
    await runTool(await toolFor('pg_restore', major!, target.binDirs), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.url}`,
      dump,
    ]);
    return;
  }
  // Moving off a PostgreSQL server onto the embedded one: a fresh cluster, then pg_restore.
  const server = await startEmbeddedPostgres(target.dataDir);
  try {
    const tools = await findTools('pg_restore', target.binDirs);
    const newest = tools.sort((a, b) => b.major - a.major)[0];
    if (!newest)
      throw new BackupError('No pg_restore was found to restore this backup with (PG_BIN_DIR).');
    await runTool(newest.file, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${server.url}`,
      dump,
    ]);
  } finally {
    await server.stop();
  }
}
