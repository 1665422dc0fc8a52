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
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type DemoSummary, isDemoSeeded } from './modules/demo/seed.ts';

export class FirstStartError extends Error {}

/** What the parent sends the child, and what the child answers. */
export type FirstStartRequest = { config: Config; databaseUrl: string };
export type FirstStartReply = { ok: true; summary: DemoSummary } | { ok: false; message: string };

const NOTHING_SEEDED: DemoSummary = { seeded: false, inviteCode: null };

/**
 * Seeds the demo when the database does not have it yet, in a child process; a restart (the
 * demo is there) costs two small queries and no process. The menu's defaults are cheap and
 * idempotent, and are seeded here on every start as the in-process seed always did.
 */
export async function seedDemoOnFirstStart(
  ctx: AppContext,
  config: Config,
  databaseUrl: string,
): Promise<DemoSummary> {
  await ctx.menu.seedDefaults();
  if (await isDemoSeeded(ctx)) return NOTHING_SEEDED;
  return runInChild({ config, databaseUrl });
}

/**
 * The child's entry: compiled beside the server's own bundle (dist/first-start-process.js), or
 * the TypeScript source under tsx when the server runs from source (the tests, `tsx`).
 */
function childEntry(): { file: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(
    new URL(`./first-start-process.${fromSource ? 'ts' : 'js'}`, import.meta.url),
  );
  // Not the parent's own flags: a --cpu-prof or --inspect is meant for the server.
  return { file, execArgv: fromSource ? ['--import', 'tsx'] : [] };
}

function runInChild(request: FirstStartRequest): Promise<DemoSummary> {
  const { file, execArgv } = childEntry();
  const child = fork(file, [], {
    execArgv,
    // Its output (a failure's stack) goes where the server's goes.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  return new Promise<DemoSummary>((resolve, reject) => {
    let reply: FirstStartReply | null = null;
    let interrupted: NodeJS.Signals | null = null;
    // A SIGTERM or Ctrl-C while the seed runs stops the child, and start-up fails through the
    // caller's path, which stops the embedded PostgreSQL (the default action would kill the
    // server outright and leave its PostgreSQL running).
    const interrupt = (signal: NodeJS.Signals) => {
      interrupted = signal;
      child.kill('SIGTERM');
    };
    process.on('SIGTERM', interrupt);
    process.on('SIGINT', interrupt);
    child.on('message', (message: FirstStartReply) => (reply = message));
    child.once('error', (error) => {
      stopListening();
      reject(new FirstStartError(`The demo seed could not be started: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      stopListening();
      if (interrupted) reject(new FirstStartError(interruptedMessage(interrupted)));
      else if (reply?.ok) resolve(reply.summary);
      else reject(new FirstStartError(failedMessage(reply, code, signal)));
    });
    function stopListening() {
      process.off('SIGTERM', interrupt);
      process.off('SIGINT', interrupt);
    }
    child.send(request);
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
