/** The server process: read config, open the database, seed on first run, serve, drain on SIGTERM. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { runCommand } from './cli/program.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { EmbeddedPostgresError } from './db/embedded-postgres.ts';
import { type FirstStart, FirstStartError, prepareFirstStart } from './first-start.ts';
import { DEMO_CLIENT, DEMO_STAFF, DEMO_STAFF_PASSWORD } from './modules/demo/seed.ts';
import { MINUTE } from './platform/clock.ts';
import { electLeader } from './platform/leader.ts';
import { listenOperatorSocket } from './platform/operator-socket.ts';
import { openRuntime } from './runtime.ts';
import { StartupInterrupted, type StartupSignals, watchStartupSignals } from './startup-signals.ts';

/**
 * Connections the kernel queues for the server to accept. Node's default, 511, overflowed
 * thousands of times in one market-open burst (bench/market-open.mjs: 2,000 clients
 * connecting within 4 s while the loop was busy): each dropped handshake waits for a SYN-ACK
 * retransmission, a second or more. Linux caps it at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 4096;

const sleepFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

async function main() {
  const config = loadConfig();
  const signals = watchStartupSignals();
  // A first start seeds the demo in a child process, forked here already on a fresh data dir.
  const firstStart = config.seedDemo ? prepareFirstStart(config, signals) : null;
  let runtime;
  try {
    runtime = await openRuntime(config);
  } catch (error) {
    firstStart?.cancel();
    throw error;
  }
  const { ctx, database } = runtime;
  try {
    signals.check();
    await serve(config, ctx, database, firstStart, signals);
  } catch (error) {
    // A start that fails half-way still stops the embedded PostgreSQL it started.
    firstStart?.cancel();
    await database.close().catch(() => {});
    throw error;
  }
}

/** What the leader started, each stopped at shutdown; no-ops until it leads (or follows). */
type Jobs = {
  stopAlerts: () => Promise<void>;
  janitor: NodeJS.Timeout | undefined;
  unfollow: () => void;
  stopCredit: () => Promise<void>;
  stopEngagement: () => Promise<void>;
  stopMail: () => Promise<void>;
  stopNotes: () => Promise<void>;
  stopStatements: () => Promise<void>;
  stopSettlement: () => Promise<void>;
  resignMarket: () => Promise<void>;
};

/** With the embedded database, `sampada` commands reach this server through a socket. */
async function listenForCommands(config: Config, ctx: AppContext, database: Database) {
  return config.databaseUrl
    ? async () => {}
    : await listenOperatorSocket(config.dataDir, async (argv) => {
        const stdout: string[] = [];
        const stderr: string[] = [];
        const code = await runCommand(
          ctx,
          argv,
          { out: (l) => stdout.push(l), err: (l) => stderr.push(l) },
          database,
        );
        return { code, stdout, stderr };
      });
}

/** The leader's jobs: the engine, the matcher and every periodic job, stopped at shutdown. */
function lead(config: Config, ctx: AppContext, app: FastifyInstance, jobs: Jobs) {
  jobs.unfollow();
  ctx.market.engine.start();
  ctx.trading.matcher.start();
  jobs.stopAlerts = ctx.alerts.start();
  jobs.stopCredit = ctx.credit.startJobs(5 * MINUTE, (message, error) =>
    app.log.error({ err: error }, message),
  );
  jobs.stopEngagement = ctx.engagement.startJobs(30 * MINUTE);
  // The outbox every 10 s: a verification code should not wait long (decision 031).
  jobs.stopMail = ctx.mail.startJobs(10_000, (message, error) =>
    app.log.error({ err: error }, message),
  );
  // Each trading day's contract notes by e-mail, from 16:00 IST (idempotent per day).
  jobs.stopNotes = ctx.noteDelivery.startJobs(30 * MINUTE, (message, error) =>
    app.log.error({ err: error }, message),
  );
  // Last month's (and quarter's) statements by e-mail; idempotent per period and client.
  jobs.stopStatements = ctx.statements.startJobs(60 * MINUTE, (message, error) =>
    app.log.error({ err: error }, message),
  );
  // A settlement date's batch after the close, once per date; an officer approves it (052).
  jobs.stopSettlement = ctx.settlement.startJobs(30 * MINUTE, (message, error) =>
    app.log.error({ err: error }, message),
  );
  jobs.janitor = setInterval(() => {
    ctx.idempotency
      .purgeExpired()
      .catch((error: unknown) => app.log.error({ err: error }, 'idempotency purge failed'));
  }, 60 * MINUTE);
  app.log.info(`market engine running (${config.marketFeed} feed)`);
}

/** What the operator reads once the server answers. */
function bannerOf(
  config: Config,
  database: Database,
  app: FastifyInstance,
  demo: { inviteCode: string | null },
) {
  const base = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    `Sampada is running (${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'}; started in ${process.uptime().toFixed(1)} s)`,
    `  Client app   ${base}/`,
    `  Console      ${base}/console/`,
    `  API docs     ${base}/docs`,
    `  Demo client  ${DEMO_CLIENT.mobile} / ${DEMO_CLIENT.password}, PIN ${DEMO_CLIENT.pin}`,
    `  Demo staff   ${DEMO_STAFF.map((s) => s.email).join(', ')} / ${DEMO_STAFF_PASSWORD}`,
  ];
  if (demo.inviteCode)
    lines.push(`  Invitation   ${demo.inviteCode} (100 sign-ups, 30 days; seeded just now)`);
  else lines.push('  Invitation   npm run sampada -- invite create --advisor advisor@sampada.in');
  return lines;
}

type Running = {
  config: Config;
  ctx: AppContext;
  app: FastifyInstance;
  database: Database;
  jobs: Jobs;
  /** The listeners every instance runs, stopped first. */
  stopListeners: () => void;
  /** The notices' LISTEN connection: kept while sockets are open, ended before the database. */
  stopNotices: () => Promise<void>;
  marketStarted: Promise<void>;
  closeSocket: () => Promise<void>;
};

/**
 * SIGTERM (or SIGINT): /ready answers 503 at once; after DRAIN_DELAY_MS (time for a balancer
 * to see it) the jobs stop at a safe point (a run in progress finishes its transaction), the
 * listener closes and in-flight requests finish, WebSocket clients hear 1012 (reconnect),
 * the embedded PostgreSQL stops with a clean checkpoint, and the process exits 0. Connections
 * still open after SHUTDOWN_TIMEOUT_MS are closed; past that and 1.5 s more, it exits 1.
 */
async function shutdown(running: Running, signal: string) {
  const { config, ctx, app, database, jobs } = running;
  ctx.health.startDraining();
  app.log.info({ signal }, 'draining');
  const started = Date.now();
  setTimeout(() => {
    app.log.warn('drain deadline passed: closing the connections still open');
    app.server.closeAllConnections();
  }, config.timeouts.shutdown).unref();
  // The step under way, so a shutdown that overruns says what it was waiting on.
  let waitingOn = 'drain delay';
  const step = async (name: string, run: () => Promise<unknown> | unknown) => {
    waitingOn = name;
    await run();
  };
  setTimeout(() => {
    app.log.error({ waitingOn }, 'shutdown did not finish in time');
    process.exit(1);
  }, config.timeouts.shutdown + 1500).unref();
  if (config.timeouts.drainDelay > 0)
    await new Promise((resolve) => setTimeout(resolve, config.timeouts.drainDelay));
  running.stopListeners();
  // A first start's history backfill is not waited for (the leader is then never elected).
  await step('market start', () =>
    Promise.race([running.marketStarted.catch(() => {}), sleepFor(2000)]),
  );
  clearInterval(jobs.janitor);
  await step('credit jobs', jobs.stopCredit);
  await step('alert jobs', jobs.stopAlerts);
  await step('engagement jobs', jobs.stopEngagement);
  await step('contract-note jobs', jobs.stopNotes);
  await step('statement jobs', jobs.stopStatements);
  await step('settlement jobs', jobs.stopSettlement);
  await step('mail jobs', jobs.stopMail);
  await step('matcher', () => ctx.trading.matcher.stop());
  await step('market engine', () => ctx.market.engine.stop());
  await step('leadership', jobs.resignMarket);
  // Stops accepting, closes WebSockets, waits for in-flight requests.
  await step('HTTP server', () => app.close());
  await step('operator socket', running.closeSocket);
  await step('notice listener', running.stopNotices);
  // The pool, then the embedded PostgreSQL (fast shutdown).
  await step('database', () => database.close());
  app.log.info({ signal, ms: Date.now() - started }, 'stopped');
  process.exit(0);
}

async function serve(
  config: Config,
  ctx: AppContext,
  database: Database,
  firstStart: FirstStart | null,
  signals: StartupSignals,
) {
  // The demo first (first-start.ts); the market then loads the history and quotes it wrote.
  const demo = firstStart
    ? await firstStart.seedDemo(ctx, database.url)
    : { seeded: false, inviteCode: null };
  await ctx.market.init();
  const app = await buildApp(ctx);
  const closeSocket = await listenForCommands(config, ctx, database);

  signals.check();
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  signals.check();
  const stopNewsImport = ctx.news.feeds.startPeriodicImport(30 * MINUTE, (error) =>
    app.log.error({ err: error }, 'news import failed'),
  );
  const stopListings = ctx.market.watchListings();
  // Fired price alerts reach this instance's WebSocket clients, whoever fired them.
  const stopAlertDelivery = ctx.alerts.deliver();
  // So does every notice a client is told of, by its row's NOTIFY (decision 049).
  const noticeListener = ctx.notifications.deliver(database.url, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  const jobs: Jobs = {
    stopAlerts: async () => {},
    janitor: undefined,
    unfollow: () => {},
    stopCredit: async () => {},
    stopEngagement: async () => {},
    stopMail: async () => {},
    stopNotes: async () => {},
    stopStatements: async () => {},
    stopSettlement: async () => {},
    resignMarket: async () => {},
  };
  // A fresh install's year of history fills in while the server already answers (a seeded
  // demo has it already: the demo client's purchases are at its closes); the engine (leader
  // or follower) starts on top of it.
  const history = config.seedDemo ? ctx.market.backfill() : Promise.resolve(null);
  const marketStarted = history.then(() => {
    if (closing) return;
    jobs.resignMarket = electLeader(database.url, {
      follow: () => {
        jobs.unfollow = ctx.market.engine.follow();
      },
      lead: () => lead(config, ctx, app, jobs),
    });
  });
  marketStarted.catch((error: unknown) => app.log.error({ err: error }, 'market start failed'));
  const lines = bannerOf(config, database, app, demo);

  let closing = false;
  const running: Running = {
    config,
    ctx,
    app,
    database,
    jobs,
    stopListeners: () => {
      stopNewsImport();
      stopListings();
      stopAlertDelivery();
    },
    stopNotices: () => noticeListener.stop(),
    marketStarted,
    closeSocket,
  };
  const onSignal = (signal: string) => {
    if (closing) return;
    closing = true;
    void shutdown(running, signal);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  signals.release(); // after: a signal in between would find no handler and kill the process
  // The banner last: whoever waits for it (an operator, a test) may signal at once, and a
  // SIGTERM before the handlers above took the default action: the process died outright and
  // left its embedded PostgreSQL running.
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  const explained =
    error instanceof ConfigError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof FirstStartError ||
    error instanceof StartupInterrupted;
  console.error(explained ? error.message : error);
  process.exit(1);
});
