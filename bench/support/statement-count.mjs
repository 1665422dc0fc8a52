// Counts the SQL statements one deposit confirmation costs, from PostgreSQL's own statement
// log: the server is started with `log_statement=all` set on its database (ALTER DATABASE, so only
// this process's sessions log), confirms `count` deposits of distinct clients one after
// another, and waits after each until engagement has recomputed that client (a positive
// signal: its engagement_status row computed after the answer). The log lines of the bench's
// database are then split by time: inside a request (from sending it to its answer) is the
// request path; after the answer, until the standing is stored, is the work its event set off.
// Anything else the server does meanwhile (the market, its jobs, other clients' computations)
// falls in the same windows, so both shares are upper bounds, far above on a busy box: there,
// read the logged statement text instead.
import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** The PostgreSQL server's log (Debian's layout); BENCH_PG_LOG names another. */
export const PG_LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

const readFrom = (file, offset) => {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(Math.max(0, size - offset));
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
};

// '2026-11-29 04:10:11.123 UTC [1234] postgres@db LOG:  execute <unnamed>: select …'
const LINE =
  /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (\w+) \[\d+\] \S*@(\S+) LOG: {2}(statement|execute [^:]*):/;

/**
 * `confirm(deposit)` sends one confirmation and resolves on its answer; `settled(deposit,
 * answeredAt)` resolves once engagement has stored that client's standing after `answeredAt`.
 */
export async function countStatements({ dbName, deposits, confirm, settled }) {
  const offset = statSync(PG_LOG).size;
  const windows = [];
  for (const deposit of deposits) {
    const sent = Date.now();
    await confirm(deposit);
    const answered = Date.now();
    await settled(deposit, new Date(answered));
    windows.push({ sent, answered, settled: Date.now() });
  }
  // The log is written by the server's logger process a moment after the statement.
  await new Promise((r) => setTimeout(r, 300));
  const stamps = readFrom(PG_LOG, offset)
    .split('\n')
    .map((line) => LINE.exec(line))
    .filter((m) => m && m[3] === dbName)
    .map((m) => Date.parse(`${m[1].replace(' ', 'T')}Z`));
  let request = 0;
  let after = 0;
  for (const at of stamps) {
    // The log's clock is this machine's; a millisecond of slack each side for rounding.
    const w = windows.find((x) => at >= x.sent - 1 && at <= x.settled + 1);
    if (!w) continue;
    if (at <= w.answered + 1) request++;
    else after++;
  }
  const n = deposits.length;
  return { confirmations: n, request: request / n, after: after / n, total: (request + after) / n };
}
