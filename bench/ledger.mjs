// Ledger throughput: postings per second through the ledger service, with every guard on
// (conditional balance updates, the deferred balanced-posting trigger, append-only triggers).
// Two workloads per database: transfers between random clients' cash (little contention),
// and deposits that all credit through the firm's one bank_clearing account (a hot row).
// Then the reconciliation check over everything written, timed.
// Usage: node --import tsx bench/ledger.mjs [seconds per workload] [workers]
// PostgreSQL runs when DATABASE_URL is set (a scratch database is created and dropped).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import {
  clientAccount,
  createLedgerService,
  firmAccount,
  InsufficientBalance,
} from '../apps/server/src/modules/ledger/service.ts';
import { scratchPostgres } from './support/postgres.mjs';
import { percentile } from './support/server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const workers = Number(process.argv[3] ?? 8);
const CLIENTS = 200;
const OPENING = 10_000_000_00n; // ₹1 crore each, in paise

async function seed(db, ledger) {
  const ids = [];
  for (let i = 0; i < CLIENTS; i++) {
    const uid = String(10_000_000 + i);
    const { rows } = await db.execute(
      `insert into clients (uid, mobile, password_hash) values ('${uid}', '+9190000${String(i).padStart(5, '0')}', 'bench') returning id`,
    );
    ids.push(rows[0].id);
  }
  for (const id of ids) {
    await db.transaction((tx) =>
      ledger.transfer(tx, {
        kind: 'deposit',
        clientId: id,
        memo: 'bench opening',
        from: firmAccount('bank_clearing'),
        to: clientAccount(id, 'cash_available'),
        amount: OPENING,
      }),
    );
  }
  return ids;
}

const pickTwo = (ids) => {
  const a = Math.floor(Math.random() * ids.length);
  const b = (a + 1 + Math.floor(Math.random() * (ids.length - 1))) % ids.length;
  return [ids[a], ids[b]];
};

const WORKLOADS = {
  transfers: (ledger, ids) => (tx) => {
    const [from, to] = pickTwo(ids);
    return ledger.transfer(tx, {
      kind: 'adjustment',
      clientId: from,
      memo: 'bench transfer',
      from: clientAccount(from, 'cash_available'),
      to: clientAccount(to, 'cash_available'),
      amount: BigInt(1 + Math.floor(Math.random() * 100_000)),
    });
  },
  'deposits (hot bank_clearing)': (ledger, ids) => (tx) => {
    const id = ids[Math.floor(Math.random() * ids.length)];
    return ledger.transfer(tx, {
      kind: 'deposit',
      clientId: id,
      memo: 'bench deposit',
      from: firmAccount('bank_clearing'),
      to: clientAccount(id, 'cash_available'),
      amount: BigInt(2_000_000 + Math.floor(Math.random() * 100_000)),
    });
  },
};

async function run(db, work) {
  const latencies = [];
  let refused = 0;
  const end = Date.now() + seconds * 1000;
  const loop = async () => {
    while (Date.now() < end) {
      const started = performance.now();
      try {
        await db.transaction(work);
        latencies.push(performance.now() - started);
      } catch (error) {
        if (!(error instanceof InsufficientBalance)) throw error;
        refused += 1;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: workers }, loop));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { postings: latencies.length, refused, elapsed, latencies };
}

async function benchDatabase(label, target) {
  const database = await openDatabase(target);
  const { db } = database;
  const ledger = createLedgerService({ db, clock: systemClock });
  const ids = await seed(db, ledger);
  const rows = [];
  for (const [name, workload] of Object.entries(WORKLOADS)) {
    const result = await run(db, workload(ledger, ids));
    rows.push({
      database: label,
      workload: name,
      workers,
      'postings/s': Math.round(result.postings / result.elapsed),
      postings: result.postings,
      'p50 ms': Number(percentile(result.latencies, 50).toFixed(1)),
      'p99 ms': Number(percentile(result.latencies, 99).toFixed(1)),
    });
  }
  const checkStarted = performance.now();
  const check = await ledger.check();
  const checkMs = Math.round(performance.now() - checkStarted);
  for (const row of rows) row.check = check.ok ? `OK ${checkMs} ms` : 'FAILED';
  await database.close();
  return { rows, check };
}

const results = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'sampada-bench-ledger-'));
try {
  results.push(await benchDatabase('PGlite (disk)', { dataDir: dir }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  const scratch = await scratchPostgres(process.env.DATABASE_URL);
  try {
    results.push(await benchDatabase('PostgreSQL', { url: scratch.url }));
  } finally {
    await scratch.drop();
  }
}

console.log(
  `\nLedger postings through the service, ${workers} concurrent workers, ${seconds} s per workload, ${CLIENTS} clients\n`,
);
console.table(results.flatMap((r) => r.rows));
const last = results[results.length - 1].check.counts;
console.log(`Reconciliation checked ${last.lines} lines in the last database.`);
if (!process.env.DATABASE_URL) console.log('Set DATABASE_URL to measure PostgreSQL as well.');
if (results.some((r) => !r.check.ok)) {
  console.error(results.map((r) => r.check.discrepancies));
  process.exit(1);
}
process.exit(0);
