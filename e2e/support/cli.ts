import { execFileSync } from 'node:child_process';
import { E2E_DATA_DIR } from '../../playwright.config';

/**
 * Runs the operator CLI against the e2e server's database. With the embedded database the
 * CLI forwards the command to the running server over its operator socket in DATA_DIR. It is
 * the built CLI (`apps/server/dist/cli.js`, which the e2e server builds before it answers):
 * the sources through tsx load some 900 files at every call, seconds of CPU each time that the
 * browser and the server then wait for.
 */
export function sampada(...args: string[]): string {
  return execFileSync('node', ['apps/server/dist/cli.js', ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  }).trim();
}

let counter = 0;
/** A fresh valid Indian mobile per call, so specs never collide on one database. */
export function freshMobile(): string {
  counter += 1;
  const tail = `${Date.now() % 1e7}${counter}`.slice(-8).padStart(8, '0');
  return `9${(counter % 9) + 1}${tail}`.slice(0, 10);
}
