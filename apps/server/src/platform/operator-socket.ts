/**
 * The embedded PostgreSQL belongs to the server process that started it (a second process
 * must not start another on the same data). While the server runs, the operator CLI hands its
 * command line to the server over a Unix socket in DATA_DIR (mode 0600: local operators
 * only), and the server runs it in-process against the same services.
 */
import { existsSync, rmSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

export type CommandResult = { code: number; stdout: string[]; stderr: string[] };
export type CommandRunner = (argv: string[]) => Promise<CommandResult>;

export const operatorSocketPath = (dataDir: string) => path.join(dataDir, 'operator.sock');

export async function listenOperatorSocket(
  dataDir: string,
  run: CommandRunner,
): Promise<() => Promise<void>> {
  const socketPath = operatorSocketPath(dataDir);
  if (existsSync(socketPath)) rmSync(socketPath);
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      void (async () => {
        let result: CommandResult;
        try {
          const { argv } = JSON.parse(body) as { argv: unknown };
          if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string'))
            throw new Error('argv must be strings');
          result = await run(argv);
        } catch (error) {
          result = {
            code: 1,
            stdout: [],
            stderr: [error instanceof Error ? error.message : String(error)],
          };
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(result));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  await chmod(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        rmSync(socketPath, { force: true });
        resolve();
      }),
    );
}

/** Sends a command line to a running server; null when no server answers on the socket. */
export function forwardToServer(dataDir: string, argv: string[]): Promise<CommandResult | null> {
  const socketPath = operatorSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: '/run', method: 'POST' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        try {
          resolve(JSON.parse(body) as CommandResult);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A socket left by a server that died: nobody owns the database, open it directly.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null);
      else reject(error);
    });
    req.end(JSON.stringify({ argv }));
  });
}
