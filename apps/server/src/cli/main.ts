/** `sampada …`: forwards to a running server that owns the embedded database, else runs here. */
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { restoreBackup } from '../db/backup.ts';
import { restoredFileStore } from '../modules/files/service.ts';
import { forwardToServer } from '../platform/operator-socket.ts';
import { openRuntime } from '../runtime.ts';
import { runCommand } from './program.ts';

const FILE_COMMANDS = ['prices import', 'backup create', 'backup restore'];

/** File arguments become absolute, since a forwarded command runs in the server's directory. */
const withAbsolutePaths = (argv: string[]) =>
  FILE_COMMANDS.includes(`${argv[0]} ${argv[1]}`) && argv[2]
    ? [...argv.slice(0, 2), path.resolve(argv[2]), ...argv.slice(3)]
    : argv;

/** `backup restore FILE`: before anything opens (and so fills) the database or DATA_DIR. */
async function restore(config: Config, file: string): Promise<number> {
  const summary = await restoreBackup(file, {
    dataDir: config.dataDir,
    ...(config.databaseUrl ? { url: config.databaseUrl } : {}),
    binDirs: config.pgBinDir ? [config.pgBinDir] : [],
    ...restoredFileStore(config),
  });
  console.log(
    `Restored the backup of ${summary.createdAt} (${summary.kind === 'embedded' ? 'embedded ' : ''}` +
      `PostgreSQL ${summary.serverVersion}, ${summary.files} uploaded files) into ` +
      `${config.databaseUrl ? 'the database in DATABASE_URL and ' : ''}${config.dataDir}`,
  );
  return 0;
}

async function main(args: string[]): Promise<number> {
  const argv = withAbsolutePaths(args);
  const config = loadConfig();
  if (argv[0] === 'backup' && argv[1] === 'restore' && argv[2] && argv.length === 3)
    return restore(config, argv[2]);
  if (!config.databaseUrl) {
    const forwarded = await forwardToServer(config.dataDir, argv);
    if (forwarded) {
      forwarded.stdout.forEach((line) => console.log(line));
      forwarded.stderr.forEach((line) => console.error(line));
      return forwarded.code;
    }
  }
  const { ctx, database } = await openRuntime(config);
  try {
    return await runCommand(
      ctx,
      argv,
      { out: (l) => console.log(l), err: (l) => console.error(l) },
      database,
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
