// Builds the server, the client app and the console when a dist is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

export const SERVER_MAIN = path.join(root, 'apps/server/dist/main.js');

/** Whether the compiled server (apps/server/dist/main.js) is newer than all of its sources. */
export function serverBuildIsFresh() {
  const sources = Math.max(
    newest(path.join(root, 'apps/server/src')),
    newest(path.join(root, 'packages/shared/src')),
  );
  return existsSync(SERVER_MAIN) && statSync(SERVER_MAIN).mtimeMs >= sources;
}

/**
 * The compiled server (apps/server/dist), rebuilt when older than its sources. `quiet` sends
 * the build's own lines to stderr, for callers whose stdout is read (the operator CLI).
 */
export function buildServerIfNeeded({ quiet = false } = {}) {
  if (!serverBuildIsFresh()) {
    execSync('node scripts/build-server.mjs', {
      cwd: root,
      stdio: quiet ? ['ignore', process.stderr, process.stderr] : 'inherit',
    });
  }
}

export function buildIfNeeded() {
  buildServerIfNeeded();
  const shared = newest(path.join(root, 'packages/shared/src'));
  for (const app of ['web', 'console']) {
    const dir = path.join(root, 'apps', app);
    if (!existsSync(path.join(dir, 'vite.config.ts'))) continue;
    const index = path.join(dir, 'dist/index.html');
    const stale = !existsSync(index) || statSync(index).mtimeMs < Math.max(newest(dir), shared);
    if (stale) {
      console.log(`Building apps/${app} …`);
      execSync(`npm run build -w @sampada/${app}`, { cwd: root, stdio: 'inherit' });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
