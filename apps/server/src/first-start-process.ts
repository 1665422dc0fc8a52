/**
 * The child process of first-start.ts: receives the server's Config and its database's address,
 * seeds the demo (and with it the market's year of history), answers with the summary and
 * exits, taking the memory the seed used with it. It never listens or runs jobs.
 */
import type { FirstStartReply, FirstStartRequest } from './first-start.ts';
import { seedDemo } from './modules/demo/seed.ts';
import { openRuntime } from './runtime.ts';

const answer = (reply: FirstStartReply) =>
  new Promise<void>((resolve) => process.send!(reply, () => resolve()));

async function seed({ config, databaseUrl }: FirstStartRequest) {
  // The server has applied the migrations; running them again here is a quick no-op. The
  // embedded database's address is for the connection only: files go where the server reads
  // them (DATA_DIR/files beside an embedded database, not the database's store).
  const { ctx, database } = await openRuntime({ ...config, databaseUrl }, undefined, config);
  try {
    await ctx.market.init();
    return await seedDemo(ctx);
  } finally {
    await database.close();
  }
}

// The server gone (killed, or it stopped us): nothing is left to seed for.
process.once('disconnect', () => process.exit(1));
process.once('message', async (request: FirstStartRequest) => {
  let reply: FirstStartReply;
  try {
    reply = { ok: true, summary: await seed(request) };
  } catch (error) {
    console.error(error); // the stack, for whoever reads the server's output
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  await answer(reply);
  process.exit(reply.ok ? 0 : 1);
});
