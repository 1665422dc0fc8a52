// `npm test`: lint and format check, typecheck, unit + API + component tests (Vitest) — the API
// suite on one real PostgreSQL: the server DATABASE_URL names (with Redis when REDIS_URL is
// set), else an embedded one the run starts — then browser tests (Playwright, Debian's
// Chromium) against a real server on its embedded PostgreSQL. Ends with one line:
// `tests: N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0 };
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(`◀ ${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

const failedNames = [];

/**
 * A failure's first lines, ANSI colours stripped: the CI record keeps only the log's tail, and
 * a test's name alone does not say whether it was a timeout on a slow box or a real regression.
 */
function why(message) {
  if (!message) return '';
  // eslint-disable-next-line no-control-regex
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3);
  return `\n      ${lines.join('\n      ').slice(0, 400)}`;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  // A failed test counts once (not again for its describe block and file); a test file that
  // fails to load has no failed test, only a failed file: count it as one.
  const before = failedNames.length;
  for (const result of report.testResults ?? []) {
    const where = path.relative(root, result.name);
    const failed = result.assertionResults.filter((a) => a.status === 'failed');
    failed.forEach((a) =>
      failedNames.push(`${where} › ${a.fullName ?? a.title}${why(a.failureMessages?.[0])}`),
    );
    if (result.status === 'failed' && failed.length === 0)
      failedNames.push(`${where} (did not load)`);
  }
  totals.failed += failedNames.length - before + (report.numTotalTests === 0 ? 1 : 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
  totals.failed += report.stats?.unexpected ?? 0;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected')
          failedNames.push(
            `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}` +
              why(test.results?.at(-1)?.error?.message),
          );
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

/** A failed test step whose report counted no failure (a web server that did not start) counts one. */
function countStep(ran, failedBefore) {
  if (!ran && totals.failed === failedBefore) totals.failed += 1;
}

const onEmbedded = { DATABASE_URL: '', REDIS_URL: '' };
const apiDatabase = process.env.DATABASE_URL
  ? `PostgreSQL at DATABASE_URL${process.env.REDIS_URL ? ' and Redis' : ''}`
  : 'embedded PostgreSQL';

/**
 * Steps that only read the tree, run side by side (the 2-core box spends most of each waiting
 * on its other half); each one's output is printed whole when it ends, so logs stay readable.
 */
async function together(steps) {
  const started = Date.now();
  await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            const took = Math.round((Date.now() - started) / 1000);
            console.log(`\n▶ ${name}\n${output}◀ ${name}: ${took} s`);
            if (code !== 0) failures.push(name);
            resolve();
          });
        }),
    ),
  );
}

await together([
  ['lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
]);

// Built before the API suite: its tests that start the server as a process start the compiled
// one (apps/server/src/test/server-process.ts), and the browser suite needs it anyway.
buildIfNeeded();

const vitestJson = path.join(tmp, 'vitest.json');
let failedBefore = totals.failed;
let ran = step(`unit, API and component tests (${apiDatabase})`, 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
countVitest(vitestJson);
countStep(ran, failedBefore);

// The browser suite in shards run side by side, each against its own server and embedded
// database: one shard leaves the 2-core box half idle (the browser, the server and PostgreSQL
// take turns), and separate databases keep the shards from seeing each other's clients.
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
failedBefore = totals.failed;
ran = await browserShards(shards);
for (let i = 1; i <= shards; i += 1) countPlaywright(path.join(tmp, `playwright-${i}.json`));
countStep(ran, failedBefore);

/** Runs `playwright test --shard=i/n` for every i at once; lines stream with their shard's tag. */
async function browserShards(n) {
  const name = `browser tests (Playwright, Debian Chromium, embedded PostgreSQL, ${n} shards)`;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const codes = await Promise.all(
    Array.from({ length: n }, (_, index) => {
      const shard = index + 1;
      const env = {
        ...process.env,
        ...onEmbedded,
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(tmp, `playwright-${shard}.json`),
        E2E_PORT: String(3100 + index),
        E2E_DATA_DIR: `.tmp/e2e-data-${shard}`,
        E2E_OUTPUT_DIR: `test-results/e2e-${shard}`,
      };
      rmSync(env.PLAYWRIGHT_JSON_OUTPUT_NAME, { force: true });
      const args = ['playwright', 'test', '--reporter=list,json', `--shard=${shard}/${n}`];
      const child = spawn('npx', args, { cwd: root, env });
      const tag = n > 1 ? `[${shard}/${n}] ` : '';
      for (const stream of [child.stdout, child.stderr])
        createInterface({ input: stream }).on('line', (line) => console.log(tag + line));
      return new Promise((resolve) => child.on('close', resolve));
    }),
  );
  console.log(`◀ ${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  const ok = codes.every((code) => code === 0);
  if (!ok) failures.push(name);
  return ok;
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
// Named last, so that the end of a long log says which tests failed.
if (failedNames.length)
  console.log(`Failed tests:\n${failedNames.map((n) => `  ${n}`).join('\n')}`);
// A failed lint/type step counts as a failed test so the closing line never reads green.
const stepFailures = failures.filter((f) => !/tests/.test(f)).length;
const ran_for = Math.round(performance.now() / 1000);
const since = process.env.CI_STARTED_AT
  ? Math.round(Date.now() / 1000) - Number(process.env.CI_STARTED_AT)
  : null;
console.log(`duration: npm test ${ran_for} s${since === null ? '' : `, CI ${since} s`}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed + stepFailures} failed`);
process.exit(failures.length ? 1 : 0);
