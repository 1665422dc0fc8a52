// Trading throughput with the ledger on: market orders placed through the order service
// (PIN check, cash hold posting, order row, audit — one transaction each), then filled by
// the matcher against the engine's next prints (fill posting with charges to fees and
// taxes, holding update, contract note). Then the reconciliation check.
// The PIN is checked honestly on every order: each client has a session, its first order
// verifies the PIN with argon2id and opens the session's trading window, the later ones are
// checked against the window's HMAC (docs/decisions/002-pin-trading-window.md). For scale, the
// bench also prints how many full argon2id PIN checks per second the same workers manage.
// Usage: node --import tsx bench/trading.mjs [seconds placing] [workers] [clients]
// PostgreSQL runs when DATABASE_URL is set (a scratch database is created and dropped).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { md5 } from '../packages/shared/src/index.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContext } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { manualClock } from '../apps/server/src/platform/clock.ts';
import { hashSecret, verifySecret } from '../apps/server/src/platform/crypto.ts';
import { loadSecrets } from '../apps/server/src/platform/secrets.ts';
import { clientAccount, firmAccount } from '../apps/server/src/modules/ledger/service.ts';
import { scratchPostgres } from './support/postgres.mjs';
import { percentile } from './support/server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const workers = Number(process.argv[3] ?? 8);
const CLIENTS = Number(process.argv[4] ?? 100);
const PIN = md5('135790');
const SYMBOLS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK', 'SBIN', 'ITC', 'LT'];

async function bench(label, target) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sampada-bench-trading-'));
  chmodSync(dataDir, 0o755); // as root the embedded PostgreSQL runs as `postgres`, who must reach it
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    MARKET_ALWAYS_OPEN: 'true',
    ...(target.url ? { DATABASE_URL: target.url } : {}),
  });
  const database = await openDatabase(target.url ? { url: target.url } : { dataDir });
  const clock = manualClock(new Date());
  const ctx = createContext({ config, db: database.db, clock, secrets: loadSecrets(config) });
  await ctx.market.init();
  for (let i = 0; i < 4; i++) {
    clock.advance(500);
    ctx.market.engine.step();
  }
  const pinHash = await hashSecret(PIN);
  const ids = [];
  const sessionOf = new Map();
  for (let i = 0; i < CLIENTS; i++) {
    const { rows } = await database.db.execute(
      `insert into clients (uid, mobile, password_hash, kyc_status, pin_hash)
       values ('${20_000_000 + i}', '+9191000${String(i).padStart(5, '0')}', 'bench', 'approved', '${pinHash}') returning id`,
    );
    const id = rows[0].id;
    ids.push(id);
    const session = await database.db.execute(
      `insert into sessions (client_id, ip) values ('${id}', '127.0.0.1') returning id`,
    );
    sessionOf.set(id, session.rows[0].id);
    await database.db.transaction((tx) =>
      ctx.ledger.transfer(tx, {
        kind: 'deposit',
        clientId: id,
        memo: 'bench opening',
        from: firmAccount('bank_clearing'),
        to: clientAccount(id, 'cash_available'),
        amount: 100_000_000_00n, // ₹1 crore
      }),
    );
  }

  // Phase 1: place market buys from `workers` concurrent clients.
  const latencies = [];
  const end = Date.now() + seconds * 1000;
  let n = 0;
  const loop = async () => {
    while (Date.now() < end) {
      const clientId = ids[n++ % ids.length];
      const symbol = SYMBOLS[n % SYMBOLS.length];
      const started = performance.now();
      await ctx.trading.orders.place(
        clientId,
        { type: 'market', symbol, side: 'buy', quantity: 50, pin: PIN },
        { actor: { type: 'system', id: 'bench' }, sessionId: sessionOf.get(clientId) },
      );
      latencies.push(performance.now() - started);
    }
  };
  const placeStarted = Date.now();
  await Promise.all(Array.from({ length: workers }, loop));
  const placeElapsed = (Date.now() - placeStarted) / 1000;
  latencies.sort((a, b) => a - b);

  // For scale: full argon2id PIN checks alone, same workers, 3 s (what each order paid before).
  let checks = 0;
  const checkEnd = Date.now() + 3000;
  const checkLoop = async () => {
    while (Date.now() < checkEnd) {
      if (!(await verifySecret(PIN, pinHash))) throw new Error('PIN hash does not verify');
      checks++;
    }
  };
  await Promise.all(Array.from({ length: workers }, checkLoop));

  // Phase 2: the engine prints; the matcher fills everything that waits.
  const fillStarted = performance.now();
  let filled = 0;
  for (let step = 0; step < 50 && filled < latencies.length; step++) {
    clock.advance(500);
    ctx.market.engine.step();
    filled += await ctx.trading.matcher.match();
  }
  const fillElapsed = (performance.now() - fillStarted) / 1000;
  const check = await ctx.ledger.check();
  await ctx.market.engine.stop();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    database: label,
    workers,
    'orders placed': latencies.length,
    'placed/s': Math.round(latencies.length / placeElapsed),
    'place p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'place p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    'argon2id PIN checks/s': Math.round(checks / 3),
    filled,
    'filled/s': Math.round(filled / fillElapsed),
    ledger: check.ok ? `OK (${check.counts.postings} postings)` : 'FAILED',
    ok: check.ok,
  };
}

const rows = [];
if (process.env.DATABASE_URL) {
  const scratch = await scratchPostgres(process.env.DATABASE_URL);
  try {
    rows.push(await bench('PostgreSQL (DATABASE_URL)', { url: scratch.url }));
  } finally {
    await scratch.drop();
  }
} else {
  rows.push(await bench('embedded', {}));
}
console.log(`\nMarket orders with the ledger on: ${seconds} s of placing, ${CLIENTS} clients\n`);
console.table(rows.map(({ ok: _ok, ...r }) => r));
if (!process.env.DATABASE_URL) console.log('Set DATABASE_URL to measure an external PostgreSQL.');
process.exit(rows.every((r) => r.ok) ? 0 : 1);
