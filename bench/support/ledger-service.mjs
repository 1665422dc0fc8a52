// The ledger service on its own, for bench/ledger.mjs, in its own process: postings through
// createLedgerService (one ledger_post call each, every guard and trigger on) in a transaction
// of their own, on a database the real server has migrated. The same two shapes as the raw-SQL
// baseline: many accounts (client to client, a guarded debit) and one hot account (deposits,
// all through the firm's bank_clearing); and deposits in batches of BENCH_LINES (100) postings a
// transaction through postMany.
// Usage: node --import tsx bench/support/ledger-service.mjs <database url> <seconds> <workers>
// Prints one JSON line like ledger-raw-sql.mjs.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import {
  clientAccount,
  createLedgerService,
  firmAccount,
} from '../../apps/server/src/modules/ledger/service.ts';

const [url, secondsArg, workersArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const workers = Number(workersArg);
const BATCH = Number(process.env.BENCH_LINES ?? 100);

const pool = new pg.Pool({ connectionString: url, max: workers });
const db = drizzle(pool);
const ledger = createLedgerService({ db, clock: systemClock });
const { rows } = await pool.query(`select id from clients where password_hash = 'bench'`);
const ids = rows.map((r) => r.id);
const deposit = (id, amount) => (tx) =>
  ledger.transfer(tx, {
    kind: 'deposit',
    clientId: id,
    memo: 'bench deposit',
    from: firmAccount('bank_clearing'),
    to: clientAccount(id, 'cash_available'),
    amount,
  });
for (const id of ids) await db.transaction(deposit(id, 10_000_000_00n));

const pick = () => ids[Math.floor(Math.random() * ids.length)];
const WORKLOADS = {
  'many accounts': () => {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    return (tx) =>
      ledger.transfer(tx, {
        kind: 'adjustment',
        clientId: from,
        memo: 'bench transfer',
        from: clientAccount(from, 'cash_available'),
        to: clientAccount(to, 'cash_available'),
        amount: BigInt(1 + Math.floor(Math.random() * 1000)),
      });
  },
  'one hot account': () => deposit(pick(), BigInt(1 + Math.floor(Math.random() * 1000))),
  // A bank statement's worth of deposits in one transaction and one call (ledger_post_many).
  [`batches of ${BATCH}`]: () => (tx) =>
    ledger.postMany(
      tx,
      Array.from({ length: BATCH }, () => {
        const id = pick();
        const amount = BigInt(1 + Math.floor(Math.random() * 1000));
        return {
          kind: 'deposit',
          clientId: id,
          memo: 'bench deposit',
          lines: [
            { account: firmAccount('bank_clearing'), amount: -amount },
            { account: clientAccount(id, 'cash_available'), amount },
          ],
        };
      }),
    ),
};
const sizeOf = (name) => (name.startsWith('batches') ? BATCH : 1);

const results = {};
for (const [name, work] of Object.entries(WORKLOADS)) {
  let postings = 0;
  const end = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < end) {
        await db.transaction(work());
        postings += sizeOf(name);
      }
    }),
  );
  results[name] = { postings, elapsed: (Date.now() - started) / 1000 };
}
const check = await ledger.check();
if (!check.ok) throw new Error(JSON.stringify(check.discrepancies));
await pool.end();
console.log(JSON.stringify({ ...results, checkedLines: check.counts.lines }));
