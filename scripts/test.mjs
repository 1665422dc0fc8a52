// `npm test`: lint and format check, typecheck, unit + API + component tests (Vitest) on the
// embedded database, browser tests (Playwright, Debian's Chromium) against a real server,
// and — when DATABASE_URL is set — the API suite again on that PostgreSQL server (with Redis
// when REDIS_URL is set). Ends with one line: `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0 };
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  // A test file that fails to load has no failed tests, only a failed suite: count it too.
  totals.failed +=
    (report.numFailedTests ?? 0) +
    (report.numFailedTestSuites ?? 0) +
    (report.numTotalTests === 0 ? 1 : 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
}

/** A failed test step whose report counted no failure (a web server that did not start) counts one. */
function countStep(ran, failedBefore) {
  if (!ran && totals.failed === failedBefore) totals.failed += 1;
}

const embedded = { ...process.env };
delete embedded.DATABASE_URL;
delete embedded.REDIS_URL;
const onEmbedded = { DATABASE_URL: '', REDIS_URL: '' };

step('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']);
step('format (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level=warn']);
step('typecheck', 'npm', ['run', 'typecheck', '--silent']);

const vitestJson = path.join(tmp, 'vitest.json');
let failedBefore = totals.failed;
let ran = step(
  'unit, API and component tests (embedded PostgreSQL)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  onEmbedded,
);
countVitest(vitestJson);
countStep(ran, failedBefore);

buildIfNeeded();
const playwrightJson = path.join(tmp, 'playwright.json');
failedBefore = totals.failed;
ran = step(
  'browser tests (Playwright, Debian Chromium)',
  'npx',
  ['playwright', 'test', '--reporter=list,json'],
  { ...onEmbedded, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
);
countPlaywright(playwrightJson);
countStep(ran, failedBefore);

if (process.env.DATABASE_URL) {
  const serverJson = path.join(tmp, 'vitest-postgres.json');
  failedBefore = totals.failed;
  ran = step(`API tests on PostgreSQL${process.env.REDIS_URL ? ' and Redis' : ''}`, 'npx', [
    'vitest',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${serverJson}`,
  ]);
  countVitest(serverJson);
  countStep(ran, failedBefore);
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
// A failed lint/type step counts as a failed test so the closing line never reads green.
const stepFailures = failures.filter((f) => !/tests/.test(f)).length;
console.log(`tests: ${totals.passed} passed, ${totals.failed + stepFailures} failed`);
process.exit(failures.length ? 1 : 0);
