// The raw-SQL baseline for bench/ledger.mjs, run in its own process: the least a posting can
// cost on this PostgreSQL with node-postgres and no framework. Each posting is BEGIN, INSERT the
// posting, two balance UPDATEs (a guarded one for the client's debit), INSERT both lines,
// COMMIT: the naive shape, one round trip per statement. Its tables have no triggers.
// Usage: node bench/support/ledger-raw-sql.mjs <database url> <seconds> <workers>
// Prints one JSON line: { "many accounts": {postings, elapsed}, "one hot account": {...} }.
import pg from 'pg';

const [url, secondsArg, workersArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const workers = Number(workersArg);
const CLIENTS = 200;

const pool = new pg.Pool({ connectionString: url, max: workers });
await pool.query(`
  create table raw_accounts (id int primary key, balance bigint not null);
  create table raw_postings (id bigserial primary key, kind text not null, memo text not null,
    created_at timestamptz not null);
  create table raw_lines (id bigserial primary key, posting_id bigint not null references raw_postings,
    account_id int not null references raw_accounts, amount bigint not null,
    balance_after bigint not null, created_at timestamptz not null);
  create index on raw_lines (account_id, id);
  create index on raw_lines (posting_id);
  insert into raw_accounts select g, 1000000000000 from generate_series(0, ${CLIENTS}) g;`);

// Account 0 is the hot one (the firm's clearing account); 1..CLIENTS are clients.
const client = () => 1 + Math.floor(Math.random() * CLIENTS);
const WORKLOADS = {
  'many accounts': () => {
    const from = client();
    let to = client();
    while (to === from) to = client();
    return [from, to];
  },
  'one hot account': () => [client(), 0],
};

async function posting(db, [from, to], amount) {
  await db.query('begin');
  try {
    const now = new Date();
    const {
      rows: [p],
    } = await db.query(
      'insert into raw_postings (kind, memo, created_at) values ($1, $2, $3) returning id',
      ['adjustment', 'raw bench', now],
    );
    // Both balance moves in one fixed lock order (lower account id first), as the ledger does.
    const balances = new Map();
    for (const id of [from, to].sort((a, b) => a - b)) {
      const moved =
        id === from
          ? await db.query(
              'update raw_accounts set balance = balance - $2 where id = $1 and balance - $2 >= 0 returning balance',
              [from, amount],
            )
          : await db.query(
              'update raw_accounts set balance = balance + $2 where id = $1 returning balance',
              [to, amount],
            );
      if (moved.rowCount !== 1) throw new Error('overdrawn');
      balances.set(id, moved.rows[0].balance);
    }
    await db.query(
      `insert into raw_lines (posting_id, account_id, amount, balance_after, created_at)
       values ($1, $2, $3, $4, $7), ($1, $5, $6, $8, $7)`,
      [p.id, from, -amount, balances.get(from), to, amount, now, balances.get(to)],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

const results = {};
for (const [name, pick] of Object.entries(WORKLOADS)) {
  let postings = 0;
  const end = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const db = await pool.connect();
      try {
        while (Date.now() < end) {
          const pair = pick();
          await posting(db, pair, 1 + Math.floor(Math.random() * 1000));
          postings += 1;
        }
      } finally {
        db.release();
      }
    }),
  );
  results[name] = { postings, elapsed: (Date.now() - started) / 1000 };
}
const {
  rows: [check],
} = await pool.query(`select (select sum(amount) from raw_lines)::text as total`);
if (check.total !== '0') throw new Error(`raw lines sum to ${check.total}`);
await pool.end();
console.log(JSON.stringify(results));
