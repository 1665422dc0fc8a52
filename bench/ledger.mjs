// Ledger postings over HTTP on PostgreSQL, beside a raw-SQL baseline, in one run.
//
// The server (its own process, on a scratch database of DATABASE_URL) is driven through the
// cheapest real route that makes one posting: the console's deposit confirmation
// (POST /console/api/v1/funds/deposits/:id/confirm with an Idempotency-Key), by an operations
// staff member. Each confirmation claims its key, moves the deposit pending → confirmed, posts
// bank_clearing → the client's cash_available, writes the audit row and stores its answer, in
// one transaction. Pending deposits for 200 clients are inserted beforehand with SQL. Every
// posting crosses the firm's bank_clearing — the hot account — and one of 200 client accounts.
// Afterwards the console reconciliation (the ledger check) runs over HTTP, and the bench checks
// that bank_clearing moved by exactly the confirmed amounts. The figure is a whole money-moving
// request, not the ledger: 13 statements for the request itself, and ~21 more for the
// engagement recomputation its deposit.confirm event sets off (decision 003, addendum).
//
// The baseline (bench/support/ledger-raw-sql.mjs, another process, its own scratch database)
// posts with plain node-postgres statements, naive round trip per statement, no triggers: with
// many accounts (client to client) and with one hot account (every posting credits one row).
//
// Between the two, the ledger service alone (bench/support/ledger-service.mjs, a third process,
// on the server's database after the HTTP run): the same two shapes as the baseline, so the
// ledger's own cost is seen apart from the HTTP request path around it.
//
// Usage: DATABASE_URL=postgres://… node --import tsx bench/ledger.mjs [seconds] [connections]
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { authenticator } from 'otplib';
import pg from 'pg';
import { md5 } from '../packages/shared/src/md5.ts';
import { scratchPostgres } from './support/postgres.mjs';
import { cpuSeconds, root, startServer } from './support/server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const CLIENTS = 200;
const PORT = Number(process.env.BENCH_PORT ?? 3207);
const STAFF = { email: 'ops@sampada.in', password: 'Sampada@2026' }; // the demo seed's

if (!process.env.DATABASE_URL) {
  console.error(
    'Set DATABASE_URL to a PostgreSQL server (scratch databases are made and dropped).',
  );
  process.exit(2);
}

const runScript = async (script, url) => {
  const { stdout } = await promisify(execFile)(
    'node',
    ['--import', 'tsx', script, url, String(seconds), String(connections)],
    { cwd: root },
  );
  return JSON.parse(stdout.trim().split('\n').pop());
};

// ---------- The raw-SQL baseline, first, in its own process ----------
const rawDb = await scratchPostgres(process.env.DATABASE_URL);
let raw;
try {
  raw = await runScript('bench/support/ledger-raw-sql.mjs', rawDb.url);
} finally {
  await rawDb.drop();
}

// ---------- The server ----------
const serverDb = await scratchPostgres(process.env.DATABASE_URL);
const { server, base } = await startServer({
  port: PORT,
  env: { DATABASE_URL: serverDb.url },
  name: 'bench-ledger',
  // BENCH_PROFILE_DIR=<dir> writes a CPU profile of the server (node --cpu-prof) there.
  nodeArgs: process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [],
});
const sql = new pg.Client({ connectionString: serverDb.url });
await sql.connect();

try {
  const post = async (path, body, headers = {}) => {
    const reply = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = await reply.json();
    if (!reply.ok) throw new Error(`${path}: ${reply.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const challenge = await post('/console/api/v1/auth/sign-in', {
    email: STAFF.email,
    password: md5(STAFF.password),
  });
  const session = await post('/console/api/v1/auth/verify', {
    challenge_token: challenge.challenge_token,
    code: authenticator.generate(challenge.enrolment.secret),
  });
  const auth = { authorization: `Bearer ${session.token}` };

  const { rows: clients } = await sql.query(
    `insert into clients (uid, mobile, password_hash)
     select (20000000 + g)::text, '+9191' || lpad(g::text, 8, '0'), 'bench'
     from generate_series(1, ${CLIENTS}) g returning id`,
  );
  // More pending deposits than any run here confirms; each is confirmed once.
  const planned = Math.max(5_000, seconds * 6_000);
  const { rows: pending } = await sql.query(
    `insert into deposits (client_id, amount, method, utr, status, created_at)
     select ($1::uuid[])[1 + g % ${CLIENTS}], 100000 + g, 'NEFT', 'BENCH' || lpad(g::text, 11, '0'),
            'pending', now()
     from generate_series(1, ${planned}) g returning id::text`,
    [clients.map((c) => c.id)],
  );
  const clearingBefore = await clearingBalance();

  let next = 0;
  const cpuBefore = cpuSeconds(server.pid);
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        duration: seconds,
        connections,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const id = pending[next++]?.id;
              if (!id) throw new Error('the bench ran out of pending deposits');
              return {
                ...request,
                path: `/console/api/v1/funds/deposits/${id}/confirm`,
                headers: { ...auth, 'idempotency-key': `bench-${id}` },
              };
            },
          },
        ],
      },
      (error, out) => (error ? reject(error) : resolve(out)),
    ),
  );

  const serverCpuMs = (cpuSeconds(server.pid) - cpuBefore) * 1000;
  const checkStarted = performance.now();
  const reconciliation = await (
    await fetch(`${base}/console/api/v1/funds/reconciliation`, { headers: auth })
  ).json();
  const checkMs = Math.round(performance.now() - checkStarted);
  const {
    rows: [confirmed],
  } = await sql.query(
    `select count(*)::int as n, coalesce(sum(amount), 0)::text as total
     from deposits where status = 'confirmed' and utr like 'BENCH%'`,
  );
  const clearingMoved = clearingBefore - (await clearingBalance());
  const exact = clearingMoved === BigInt(confirmed.total);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const service = await runScript('bench/support/ledger-service.mjs', serverDb.url);

  const rate = (r) => Math.round(r.postings / r.elapsed);
  const httpRate = Math.round(confirmed.n / seconds);
  const rows = [
    {
      target: 'raw SQL, many accounts',
      'postings/s': rate(raw['many accounts']),
      'p99 ms': '',
      check: '',
    },
    {
      target: 'raw SQL, one hot account',
      'postings/s': rate(raw['one hot account']),
      'p99 ms': '',
      check: '',
    },
    {
      target: 'ledger service, many accounts',
      'postings/s': rate(service['many accounts']),
      'p99 ms': '',
      check: '',
    },
    {
      target: 'ledger service, one hot account',
      'postings/s': rate(service['one hot account']),
      'p99 ms': '',
      check: `OK over ${service.checkedLines} lines`,
    },
    {
      target: 'HTTP deposit confirm (200 clients, all via bank_clearing)',
      'postings/s': httpRate,
      'p99 ms': result.latency.p99,
      check: `${reconciliation.data?.ok ? 'OK' : 'FAILED'} in ${checkMs} ms; bank_clearing ${exact ? 'exact' : 'OFF'}`,
    },
  ];
  console.log(
    `\nLedger postings, PostgreSQL, ${connections} concurrent, ${seconds} s each (raw SQL in its own process)\n`,
  );
  console.table(rows);
  console.log(
    `Ledger service / raw SQL: many accounts ${(rate(service['many accounts']) / rate(raw['many accounts'])).toFixed(2)}×, ` +
      `one hot account ${(rate(service['one hot account']) / rate(raw['one hot account'])).toFixed(2)}×.`,
  );
  console.log(
    `HTTP / raw SQL: ${(httpRate / rate(raw['many accounts'])).toFixed(2)}× the raw many-accounts rate, ` +
      `${(httpRate / rate(raw['one hot account'])).toFixed(2)}× the raw one-hot-account rate.`,
  );
  console.log(
    `HTTP answers: ${result['2xx']} 2xx, ${result.non2xx} other, ${result.errors} errors; ` +
      `${confirmed.n} deposits confirmed, ${reconciliation.data?.counts?.lines} ledger lines checked; ` +
      `server CPU ${(serverCpuMs / Math.max(1, confirmed.n)).toFixed(1)} ms a confirmation.`,
  );
  if (!reconciliation.data?.ok || !exact || result.non2xx > 0) {
    console.error('FAILED', JSON.stringify(reconciliation.data?.discrepancies ?? reconciliation));
    process.exitCode = 1;
  }
} finally {
  await sql.end();
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await serverDb.drop();
}

async function clearingBalance() {
  const {
    rows: [row],
  } = await sql.query(
    `select coalesce(sum(balance), 0)::text as b from ledger_accounts
     where client_id is null and kind = 'bank_clearing'`,
  );
  return BigInt(row.b);
}
