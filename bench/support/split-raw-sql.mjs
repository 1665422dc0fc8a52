// The baseline of bench/corporate-split.mjs, in its own process: the least a split must write —
// one UPDATE multiplying every holding of the scrip, and its pledged shares, by the ratio (5),
// in a transaction rolled back so that the figure after it finds the data as seeded.
// Usage: node bench/support/split-raw-sql.mjs <database url> <symbol>
// Prints one JSON line: { "ms": the UPDATE's milliseconds, "rows": holdings updated }.
import pg from 'pg';

const [url, symbol] = process.argv.slice(2);
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('begin');
const started = performance.now();
const { rowCount } = await client.query(
  'update holdings set quantity = quantity * 5, pledged = pledged * 5 where symbol = $1',
  [symbol],
);
const ms = performance.now() - started;
await client.query('rollback');
await client.end();
console.log(JSON.stringify({ ms, rows: rowCount }));
