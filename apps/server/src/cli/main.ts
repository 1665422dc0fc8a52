/** `sampada …`: forwards to a running server that owns the embedded database, else runs here. */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { forwardToServer } from '../platform/operator-socket.ts';
import { openRuntime } from '../runtime.ts';
import { runCommand } from './program.ts';

/** File arguments become absolute, since a forwarded command runs in the server's directory. */
const withAbsolutePaths = (argv: string[]) =>
  argv[0] === 'prices' && argv[1] === 'import' && argv[2]
    ? [...argv.slice(0, 2), path.resolve(argv[2]), ...argv.slice(3)]
    : argv;

async function main(args: string[]): Promise<number> {
  const argv = withAbsolutePaths(args);
  const config = loadConfig();
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
    return await runCommand(ctx, argv, {
      out: (l) => console.log(l),
      err: (l) => console.error(l),
    });
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
