/** The server process: read config, open the database, seed on first run, serve, drain on SIGTERM. */
import { buildApp } from './app.ts';
import { runCommand } from './cli/program.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { EmbeddedPostgresError } from './db/embedded-postgres.ts';
import { DEMO_CLIENT, DEMO_STAFF, DEMO_STAFF_PASSWORD, seedDemo } from './modules/demo/seed.ts';
import { MINUTE } from './platform/clock.ts';
import { electLeader } from './platform/leader.ts';
import { listenOperatorSocket } from './platform/operator-socket.ts';
import { openRuntime } from './runtime.ts';

async function main() {
  const config = loadConfig();
  const { ctx, database } = await openRuntime(config);
  try {
    await serve(config, ctx, database);
  } catch (error) {
    // A start that fails half-way still stops the embedded PostgreSQL it started.
    await database.close().catch(() => {});
    throw error;
  }
}

async function serve(config: Config, ctx: AppContext, database: Database) {
  await ctx.market.init();
  const demo = config.seedDemo ? await seedDemo(ctx) : { seeded: false, inviteCode: null };
  const app = await buildApp(ctx);
  const closeSocket = config.databaseUrl
    ? async () => {}
    : await listenOperatorSocket(config.dataDir, async (argv) => {
        const stdout: string[] = [];
        const stderr: string[] = [];
        const code = await runCommand(ctx, argv, {
          out: (l) => stdout.push(l),
          err: (l) => stderr.push(l),
        });
        return { code, stdout, stderr };
      });

  await app.listen({ port: config.port, host: config.host });
  const stopNewsImport = ctx.news.feeds.startPeriodicImport(30 * MINUTE, (error) =>
    app.log.error({ err: error }, 'news import failed'),
  );
  const stopListings = ctx.market.watchListings();
  let janitor: NodeJS.Timeout | undefined;
  let unfollow = () => {};
  let stopCredit = async () => {};
  let resignMarket = async () => {};
  // A fresh install's year of history fills in while the server already answers; the engine
  // (leader or follower) starts on top of it.
  const history = config.seedDemo ? ctx.market.backfill() : Promise.resolve(null);
  const marketStarted = history.then(() => {
    resignMarket = electLeader(database.url, {
      follow: () => {
        unfollow = ctx.market.engine.follow();
      },
      lead: () => {
        unfollow();
        ctx.market.engine.start();
        ctx.trading.matcher.start();
        stopCredit = ctx.credit.startJobs(5 * MINUTE, (message, error) =>
          app.log.error({ err: error }, message),
        );
        janitor = setInterval(() => {
          ctx.idempotency
            .purgeExpired()
            .catch((error: unknown) => app.log.error({ err: error }, 'idempotency purge failed'));
        }, 60 * MINUTE);
        app.log.info(`market engine running (${config.marketFeed} feed)`);
      },
    });
  });
  marketStarted.catch((error: unknown) => app.log.error({ err: error }, 'market start failed'));
  const base = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    `Sampada is running (${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'}; started in ${process.uptime().toFixed(1)} s)`,
    `  Client app   ${base}/`,
    `  Console      ${base}/console/`,
    `  API docs     ${base}/docs`,
    `  Demo client  ${DEMO_CLIENT.mobile} / ${DEMO_CLIENT.password}`,
    `  Demo staff   ${DEMO_STAFF.map((s) => s.email).join(', ')} / ${DEMO_STAFF_PASSWORD}`,
  ];
  if (demo.inviteCode)
    lines.push(`  Invitation   ${demo.inviteCode} (100 sign-ups, 30 days; seeded just now)`);
  else lines.push('  Invitation   npm run sampada -- invite create --advisor advisor@sampada.in');
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining');
    stopNewsImport();
    stopListings();
    await marketStarted.catch(() => {});
    clearInterval(janitor);
    await stopCredit();
    await ctx.trading.matcher.stop();
    await ctx.market.engine.stop();
    await resignMarket();
    await app.close(); // stops accepting, waits for in-flight requests
    await closeSocket();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  const explained = error instanceof ConfigError || error instanceof EmbeddedPostgresError;
  console.error(explained ? error.message : error);
  process.exit(1);
});
