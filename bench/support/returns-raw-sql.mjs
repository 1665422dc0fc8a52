// The baseline of bench/returns.mjs, in its own process: the least any returns computation must
// read of what the figure reads — the client's fills fetched with node-postgres and summed
// (money in and out), their dividends, and the daily closes of every scrip they traded and of
// NIFTY 50 summed in SQL, per scrip (count and Σ close over the same rows). The figure keeps
// the past closes per instance and reads, each time, a fingerprint of them (count, Σ close,
// Σ close × start: market/daily-closes-cache.ts) and today's bars; shipping all 27,384 closes
// here would make the baseline read more than the figure does. No lots, no XIRR, no series.
// Usage: node bench/support/returns-raw-sql.mjs <database url> <client id> <runs> <warm-up>
// Prints one JSON line: { "runs": n, "ms": [each run's milliseconds] , "check": {...} }.
import pg from 'pg';

const [url, clientId, runsArg, warmArg] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 4 });

async function once() {
  const [fills, dividends] = await Promise.all([
    pool.query(
      `select side, symbol, quantity, value_paise, charges_paise, executed_at
         from fills where client_id = $1 order by executed_at, id`,
      [clientId],
    ),
    pool.query(
      'select symbol, paid_on, gross_paise from client_dividends where client_id = $1 order by paid_on',
      [clientId],
    ),
  ]);
  const symbols = [...new Set(fills.rows.map((f) => f.symbol)), 'NIFTY50'];
  const closes = await pool.query(
    `select symbol, count(*)::int as n, sum(close)::text as total from candles
      where interval = '1d' and symbol = any($1) group by symbol`,
    [symbols],
  );
  let net = 0n;
  for (const f of fills.rows) {
    const value = BigInt(f.value_paise) + (f.side === 'buy' ? 1n : -1n) * BigInt(f.charges_paise);
    net += f.side === 'buy' ? -value : value;
  }
  let dividend = 0n;
  for (const d of dividends.rows) dividend += BigInt(d.gross_paise);
  let count = 0;
  let total = 0n;
  for (const c of closes.rows) {
    count += c.n;
    total += BigInt(c.total);
  }
  return { fills: fills.rows.length, closes: count, net, dividend, total };
}

for (let i = 0; i < Number(warmArg); i++) await once();
const ms = [];
let check;
for (let i = 0; i < Number(runsArg); i++) {
  const started = performance.now();
  check = await once();
  ms.push(performance.now() - started);
}
await pool.end();
console.log(
  JSON.stringify({
    runs: ms.length,
    ms,
    check: {
      ...check,
      net: String(check.net),
      dividend: String(check.dividend),
      total: String(check.total),
    },
  }),
);
