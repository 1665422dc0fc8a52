// Gzip size of what /login loads in the client app. Builds nothing: run
// `npm run build -w @sampada/web` first. Usage: node bench/web-bundle.mjs
//
// Table 1 follows apps/web/dist/index.html (the same document serves every route): the
// entry script, its modulepreloads and stylesheets. Table 2 adds the /login route's own
// lazy chunk and the chunks and CSS it imports statically (from Vite's manifest), i.e.
// everything the browser fetches before the sign-in form is on screen.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const LOGIN_PAGE = 'src/features/auth/components/login-page.tsx';
/** Heavy libraries that must stay out of the first screen (issue 3). */
const MUST_BE_LAZY = {
  'react-easy-crop (cropper)': /reactEasyCrop_Container/,
  'recharts (charts)': /recharts-wrapper|recharts-surface/,
};

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w @sampada/web` first.');
  process.exit(1);
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const attr = (pattern) => [...html.matchAll(pattern)].map((m) => m[1].replace(/^\//, ''));
const entry = [
  ...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ...attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
];

function routeFiles() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.css ?? []).forEach((css) => files.add(css));
    (chunk.imports ?? []).forEach(visit);
  };
  visit(LOGIN_PAGE);
  return [...files];
}

const row = (file) => {
  const bytes = readFileSync(path.join(dist, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    text: bytes.toString('utf8'),
  };
};
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

function table(title, rows) {
  const width = Math.max(...rows.map((r) => r.file.length), 10);
  console.log(`\n${title}`);
  console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const r of rows)
    console.log(`${r.file.padEnd(width)}  ${kb(r.raw).padStart(10)}  ${kb(r.gzip).padStart(10)}`);
  const sum = (key) => rows.reduce((total, r) => total + r[key], 0);
  const js = rows.filter((r) => r.file.endsWith('.js')).reduce((t, r) => t + r.gzip, 0);
  const css = rows.filter((r) => r.file.endsWith('.css')).reduce((t, r) => t + r.gzip, 0);
  console.log(
    `${'total'.padEnd(width)}  ${kb(sum('raw')).padStart(10)}  ${kb(sum('gzip')).padStart(10)}`,
  );
  console.log(`  of which JavaScript ${kb(js)} gzip, CSS ${kb(css)} gzip`);
  return rows;
}

const first = table('1. /login index.html: entry + modulepreloads + CSS', entry.map(row));
const extra = routeFiles().filter((file) => !entry.includes(file));
const all = extra.length
  ? table('2. plus the /login route chunk and its imports', [...first, ...extra.map(row)])
  : first;

console.log('\nLazy-loaded (absent from everything /login loads):');
let ok = true;
for (const [name, marker] of Object.entries(MUST_BE_LAZY)) {
  const leaked = all.filter((r) => marker.test(r.text)).map((r) => r.file);
  ok &&= leaked.length === 0;
  console.log(
    `  ${leaked.length === 0 ? 'yes' : 'NO '}  ${name}${leaked.length ? ` — found in ${leaked.join(', ')}` : ''}`,
  );
}
process.exit(ok ? 0 : 1);
