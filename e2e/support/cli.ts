import { execFileSync } from 'node:child_process';
import { forwardToServer } from '../../apps/server/src/platform/operator-socket';
import { E2E_DATA_DIR } from '../../playwright.config';

/**
 * Runs an operator command against the e2e server's database and answers what it printed. The
 * CLI (`sampada …`) hands its command line to the server that owns the embedded database over
 * the operator socket in DATA_DIR; so does this, without starting the CLI's own node process
 * at every call: a second of CPU each, over a hundred a run, that the browser and the server
 * waited for. With no server on the socket, the built CLI (`apps/server/dist/cli.js`) runs it.
 */
export async function sampada(...args: string[]): Promise<string> {
  const forwarded = await forwardToServer(E2E_DATA_DIR, args);
  if (!forwarded)
    return execFileSync('node', ['apps/server/dist/cli.js', ...args], {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
      encoding: 'utf8',
    }).trim();
  if (forwarded.code !== 0)
    throw new Error(
      `sampada ${args.join(' ')}: exit ${forwarded.code}\n${forwarded.stderr.join('\n')}`,
    );
  return forwarded.stdout.join('\n').trim();
}

let counter = 0;
/** A fresh valid Indian mobile per call, so specs never collide on one database. */
export function freshMobile(): string {
  counter += 1;
  const tail = `${Date.now() % 1e7}${counter}`.slice(-8).padStart(8, '0');
  return `9${(counter % 9) + 1}${tail}`.slice(0, 10);
}

/** A staff member made as an operator makes one (`sampada staff create`). */
export const createStaff = (email: string, role: string, password: string) =>
  sampada('staff', 'create', '--email', email, '--role', role, '--password', password);
