/**
 * The one-time work of a first start — the demo seed, which also generates the market's year
 * of price history — runs in a short-lived child process that exits when it is done, so that
 * the memory it churns through (hundreds of thousands of candle rows, the demo client's months
 * of postings, sharp drawing the KYC images) goes back to the operating system with it. Done
 * in the server's own process, that garbage stayed in its heap: ~260 MB idle after a first
 * start against ~150 MB after any restart (issue 13's budget is 250 MB). The child speaks to
 * the database the server already opened (the embedded PostgreSQL or DATABASE_URL) and is
 * handed the server's Config over IPC, so it seeds exactly what an in-process seed would.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type DemoSummary, isDemoSeeded } from './modules/demo/seed.ts';
import { StartupInterrupted, type StartupSignals } from './startup-signals.ts';

export class FirstStartError extends Error {}

/** What the parent sends the child, and what the child answers. */
export type FirstStartRequest = { config: Config; databaseUrl: string };
export type FirstStartReply = { ok: true; summary: DemoSummary } | { ok: false; message: string };

const NOTHING_SEEDED: DemoSummary = { seeded: false, inviteCode: null };

export type FirstStart = {
  /**
   * Seeds the demo when the database does not have it yet, in the child; a restart (the demo
   * is there) costs two small queries and no process. The menu's defaults are cheap and
   * idempotent, and are seeded here on every start as the in-process seed always did.
   */
  seedDemo(ctx: AppContext, databaseUrl: string): Promise<DemoSummary>;
  /** A start that failed before the seed: the child started early is stopped. */
  cancel(): void;
};

/**
 * Called before the database is opened. A fresh embedded data directory certainly needs the
 * demo, so its child is forked at once and loads its modules while PostgreSQL is created and
 * migrated; otherwise a child is forked only once the database says the demo is missing.
 */
export function prepareFirstStart(config: Config, signals: StartupSignals): FirstStart {
  const fresh = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'));
  let early = fresh ? forkSeeder() : null;
  const cancel = () => {
    early?.kill();
    early = null;
  };
  return {
    async seedDemo(ctx, databaseUrl) {
      await ctx.menu.seedDefaults();
      if (await isDemoSeeded(ctx)) {
        cancel();
        return NOTHING_SEEDED;
      }
      const child = early ?? forkSeeder();
      early = null; // from here on, seedInChild owns it
      return seedInChild(child, { config, databaseUrl }, signals);
    },
    cancel,
  };
}

/**
 * The child's entry: compiled beside the server's own bundle (dist/first-start-process.js), or
 * the TypeScript source under tsx when the server runs from source (the tests, `tsx`).
 */
function forkSeeder(): ChildProcess {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(
    new URL(`./first-start-process.${fromSource ? 'ts' : 'js'}`, import.meta.url),
  );
  return fork(file, [], {
    // Not the parent's own flags: a --cpu-prof or --inspect is meant for the server.
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    // Its output (a failure's stack) goes where the server's goes.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
}

function seedInChild(
  child: ChildProcess,
  request: FirstStartRequest,
  signals: StartupSignals,
): Promise<DemoSummary> {
  return new Promise<DemoSummary>((resolve, reject) => {
    let reply: FirstStartReply | null = null;
    child.on('message', (message: FirstStartReply) => (reply = message));
    // A SIGTERM or Ctrl-C while the seed runs ends the child at once (startup-signals.ts).
    const stopWatching = signals.onSignal(() => child.kill('SIGTERM'));
    if (signals.received()) child.kill('SIGTERM');
    const done = (result: () => void) => {
      stopWatching();
      result();
    };
    child.once('error', (error) =>
      done(() =>
        reject(new FirstStartError(`The demo seed could not be started: ${error.message}`)),
      ),
    );
    child.once('exit', (code, signal) =>
      done(() => {
        const received = signals.received();
        if (received) reject(new StartupInterrupted(interruptedMessage(received)));
        else if (reply?.ok) resolve(reply.summary);
        else reject(new FirstStartError(failedMessage(reply, code, signal)));
      }),
    );
    // An early child that has already died (it could not load) is reported by its exit.
    if (child.exitCode === null && child.signalCode === null) child.send(request);
    else
      done(() =>
        reject(new FirstStartError(failedMessage(null, child.exitCode, child.signalCode))),
      );
  });
}

const failedMessage = (
  reply: FirstStartReply | null,
  code: number | null,
  signal: NodeJS.Signals | null,
) =>
  [
    `The demo seed failed on this first start, so the server did not start: ${
      reply && !reply.ok ? reply.message : `its process ended (${signal ?? `exit ${code}`})`
    }`,
    'The database may hold part of the demo. Start again on a fresh DATA_DIR (or an empty',
    'DATABASE_URL database), or with SEED_DEMO=false for a firm of your own.',
  ].join('\n');

const interruptedMessage = (signal: NodeJS.Signals) =>
  `Start-up was stopped by ${signal} while the demo was being seeded; the database may hold part of the demo.`;
