// Builds the client app and console when their dist is missing or older than their sources.
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

export function buildIfNeeded() {
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
