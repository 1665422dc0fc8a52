/** Opens what a process needs: config, secrets, database, services. Shared by server and CLI. */
import type { Config } from './config.ts';
import { createContext, type AppContext } from './context.ts';
import { type Database, type DbTimeouts, openDatabase } from './db/client.ts';
import type { FileStoreConfig } from './modules/files/service.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { loadSecrets } from './platform/secrets.ts';

export type Runtime = { ctx: AppContext; database: Database };

export const dbTimeoutsOf = (config: Config): DbTimeouts => ({
  statement: config.timeouts.statement,
  lock: config.timeouts.lock,
  idleInTransaction: config.timeouts.idleInTransaction,
  connect: config.timeouts.connect,
});

export async function openRuntime(
  config: Config,
  clock: Clock = systemClock,
  fileStore?: FileStoreConfig,
): Promise<Runtime> {
  const secrets = loadSecrets(config);
  const database = await openDatabase({
    ...(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }),
    timeouts: dbTimeoutsOf(config),
  });
  try {
    const ctx = createContext({ config, db: database.db, clock, secrets, fileStore });
    return { ctx, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}
