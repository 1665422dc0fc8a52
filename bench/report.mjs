// Writes a bench's latest figures into docs/benchmarks.md: its own rows of the "Latest figures"
// table, each a figure beside the baseline measured in the same run, with the ratio, the date
// and the machine's load average, so the document always shows the last run and nothing older.
// Rows are found by their id (first cell); a new id is added at the end of the table.
// BENCH_REPORT=0 leaves the document alone (a trial run); BENCH_REPORT_FILE writes elsewhere.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const START = '<!-- latest:start -->';
const END = '<!-- latest:end -->';

/** 'YYYY-MM-DD, load 0.42' for the run that ends now. */
export const runStamp = (now = new Date()) =>
  `${now.toISOString().slice(0, 10)}, load ${loadavg()[0].toFixed(2)}`;

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * Replaces (or adds) the given rows. Each row: { id, what, figure, baseline, ratio, budget }.
 * `bench` names the script, e.g. 'startup.mjs'.
 */
export function reportBench(bench, rows, options = {}) {
  if (process.env.BENCH_REPORT === '0') return;
  const file = process.env.BENCH_REPORT_FILE ?? path.join(root, 'docs', 'benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} … ${END} table`);
  const lines = text.slice(start + START.length, end).split('\n');
  const stamp = options.stamp ?? runStamp();
  for (const row of rows) {
    const line = `| \`${row.id}\` | ${[row.what, `\`${bench}\``, row.figure, row.baseline, row.ratio, row.budget, stamp].map(cell).join(' | ')} |`;
    const at = lines.findIndex((l) => l.startsWith(`| \`${row.id}\` |`));
    if (at >= 0) lines[at] = line;
    else lines.splice(lines.findLastIndex((l) => l.startsWith('|')) + 1, 0, line);
  }
  writeFileSync(file, text.slice(0, start + START.length) + lines.join('\n') + text.slice(end));
  console.log(`${path.relative(root, file)}: ${rows.map((r) => r.id).join(', ')} updated`);
}
