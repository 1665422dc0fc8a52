// Ledger postings over HTTP on PostgreSQL, beside a raw-SQL baseline, in one run.
//
// The server (its own process, on a scratch database of DATABASE_URL) is driven by an operations
// staff member through the two real console routes that post deposits, each phase `seconds`:
// 1. one deposit a request: POST /console/api/v1/funds/deposits/:id/confirm (Idempotency-Key);
//    claims its key, moves the deposit pending → confirmed, posts bank_clearing → the client's
//    cash_available, writes the audit row and stores its answer, in one transaction — shared,
//    under load, with the confirmations that waited for it (group commit, decision 069);
// 2. bank statements: POST /console/api/v1/funds/deposits/statement, BENCH_LINES (100) lines a
//    request, each line confirming one pending deposit as (1) does, all in one transaction with
//    the postings written in one call (ledger_post_many) — over 200 clients ("many accounts");
// 3. the same with every deposit one client's: its cash_available is one row ("one hot account";
//    every posting of every phase also crosses the firm's bank_clearing).
// Pending deposits are inserted beforehand with SQL. After each phase the bench checks that
// bank_clearing moved by exactly the amounts confirmed; at the end the console reconciliation
// (the ledger check) runs over HTTP. Each figure is whole money-moving requests, not the ledger
// alone: every confirmation's deposit.confirm event also sets off engagement's recomputation of
// the client's standing, which runs in the same server (decision 003, addenda).
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
import { reportBench } from './report.mjs';
import { scratchPostgres } from './support/postgres.mjs';
import { cpuSeconds, root, startServer } from './support/server.mjs';
import { countStatements } from './support/statement-count.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const CLIENTS = 200;
/** Lines a bank statement request carries (BENCH_LINES); a busy desk's statement has more. */
const LINES = Number(process.env.BENCH_LINES ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 3207);
const STAFF = { email: 'ops@sampada.in', password: 'Sampada@2026' }; // the demo seed's
/** BENCH_PHASES=single runs only the single confirmations (and the statement count). */
const PHASES = (process.env.BENCH_PHASES ?? 'single,many,hot').split(',');
/** Confirmations whose statements are counted from PostgreSQL's log (0: none). */
const COUNTED = Number(process.env.BENCH_COUNT_STATEMENTS ?? 20);

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
let { server, base } = await startServer({
  port: PORT,
  env: { DATABASE_URL: serverDb.url },
  name: 'bench-ledger',
  // BENCH_PROFILE_DIR=<dir> writes a CPU profile of the server (node --cpu-prof) there.
  nodeArgs: process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : undefined, // BENCH_SERVER_ARGS then, as for every bench's server
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
  const clientIds = clients.map((c) => c.id);
  /** Pending deposits for a phase, `prefix` in their UTRs: spread over the clients, or all one's. */
  const pendingDeposits = async (prefix, count, owners) =>
    (
      await sql.query(
        `insert into deposits (client_id, amount, method, utr, status, created_at)
         select ($1::uuid[])[1 + g % ${owners.length}], 100000 + g, 'NEFT',
                '${prefix}' || lpad(g::text, 10, '0'), 'pending', now()
         from generate_series(1, ${count}) g returning id::text, utr, amount::int`,
        [owners],
      )
    ).rows;
  // More pending deposits than any phase confirms (single confirmations passed 1,000/s in
  // session 51: the bench had made 1,000 a second); each is confirmed once.
  const single = await pendingDeposits('BENCHS', Math.max(5_000, seconds * 3_000), clientIds);
  const many = PHASES.includes('many')
    ? await pendingDeposits('BENCHM', seconds * 8_000, clientIds)
    : [];
  const hot = PHASES.includes('hot')
    ? await pendingDeposits('BENCHH', seconds * 8_000, [clientIds[0]])
    : [];
  // What autovacuum would have done by now to a table that grew this much over days: without
  // it the planner, still counting the handful of rows the seed left, looks a statement's UTRs
  // up by walking every pending deposit.
  await sql.query('analyze deposits, clients');

  /** Runs one phase for `seconds`: `next()` answers each request's path and body. */
  const phase = async (name, next) => {
    const cpuBefore = cpuSeconds(server.pid);
    const before = await moneyFacts(name);
    let sent = 0;
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
                const { path, body } = next();
                return {
                  ...request,
                  path,
                  body: JSON.stringify(body),
                  headers: {
                    ...auth,
                    'content-type': 'application/json',
                    'idempotency-key': `bench-${name}-${++sent}`,
                  },
                };
              },
            },
          ],
        },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    );
    const cpuMs = (cpuSeconds(server.pid) - cpuBefore) * 1000;
    // Requests autocannon gave up on at the end may still commit: wait until nothing moves.
    let after = await moneyFacts(name);
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const now = await moneyFacts(name);
      if (now.confirmedAll === after.confirmedAll) break;
      after = now;
    }
    const confirmed = { n: after.phaseConfirmed };
    // Read in one statement, so one snapshot: the firm's clearing moved by what was confirmed.
    const exact = before.clearing - after.clearing === after.confirmedAll - before.confirmedAll;
    // The computations the phase's events asked for that were still queued when it ended: the
    // CPU until engagement has served them all is the whole cost of the phase's confirmations
    // (the figure above moves with how far engagement lagged when the clock stopped).
    const drainStarted = performance.now();
    while ((await sql.query('select count(*)::int as n from engagement_due')).rows[0].n > 0) {
      if (performance.now() - drainStarted > 120_000) throw new Error('engagement never caught up');
      await new Promise((r) => setTimeout(r, 100));
    }
    const drainedCpuMs = (cpuSeconds(server.pid) - cpuBefore) * 1000;
    return { result, confirmed: confirmed.n, exact, cpuMs, drainedCpuMs };
  };
  const take = (list, count) => {
    const taken = list.splice(0, count);
    if (taken.length < count) throw new Error('the bench ran out of pending deposits');
    return taken;
  };
  const statementOf = (list) => () => ({
    path: '/console/api/v1/funds/deposits/statement',
    body: { lines: take(list, LINES).map((d) => ({ utr: d.utr, amount_paise: d.amount })) },
  });

  const runs = {};
  if (PHASES.includes('single'))
    runs.single = await phase('BENCHS', () => ({
      path: `/console/api/v1/funds/deposits/${take(single, 1)[0].id}/confirm`,
      body: {},
    }));
  if (runs.single) {
    // Confirmations that shared a transaction (group commit, decision 069) share its clock
    // reading: the distinct decision times are the transactions the phase committed.
    const { rows } = await sql.query(
      `select count(distinct decided_at)::int as n from deposits
       where status = 'confirmed' and utr like 'BENCHS%'`,
    );
    runs.single.transactions = rows[0].n;
  }
  if (PHASES.includes('many')) runs.many = await phase('BENCHM', statementOf(many));
  if (PHASES.includes('hot')) runs.hot = await phase('BENCHH', statementOf(hot));
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));

  // A second start on the same database, whose connections log every statement, counts what
  // single confirmations cost (bench/support/statement-count.mjs), then runs the ledger check.
  // Set on the database, so that only the new server's connections (its pool's own session
  // options would override PGOPTIONS) log their statements; reset before the service run.
  const dbName = new URL(serverDb.url).pathname.slice(1);
  if (COUNTED > 0) await sql.query(`alter database ${dbName} set log_statement = 'all'`);
  const second = await startServer({
    port: PORT,
    env: { DATABASE_URL: serverDb.url },
    name: 'bench-ledger',
    keepData: true,
  });
  server = second.server;
  // What the timed phase left for engagement is computed first (the sweep on start), so the
  // count sees only the counted confirmations' work (an older build has no such table).
  if (COUNTED > 0)
    for (;;) {
      const left = await sql
        .query('select count(*)::int as n from engagement_due')
        .then((r) => r.rows[0].n)
        .catch(() => 0);
      if (left === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  const statements =
    COUNTED > 0
      ? await countStatements({
          dbName,
          deposits: take(single, COUNTED),
          confirm: async (deposit) => {
            const reply = await fetch(
              `${second.base}/console/api/v1/funds/deposits/${deposit.id}/confirm`,
              {
                method: 'POST',
                headers: {
                  ...auth,
                  'content-type': 'application/json',
                  'idempotency-key': `count-${deposit.id}`,
                },
                body: '{}',
              },
            );
            if (!reply.ok) throw new Error(`confirm: ${reply.status} ${await reply.text()}`);
          },
          // A computation of the client's standing began after the step (decided_at is the
          // step's moment, in its transaction): a positive signal that its event was served.
          settled: async (deposit) => {
            for (;;) {
              const { rows } = await sql.query(
                `select 1 from engagement_status s join deposits d on d.client_id = s.client_id
                 where d.id = $1 and s.computed_at > d.decided_at`,
                [deposit.id],
              );
              if (rows.length) return;
              await new Promise((r) => setTimeout(r, 5));
            }
          },
        })
      : null;
  const checkStarted = performance.now();
  const reconciliation = await (
    await fetch(`${second.base}/console/api/v1/funds/reconciliation`, { headers: auth })
  ).json();
  const checkMs = Math.round(performance.now() - checkStarted);
  if (COUNTED > 0) await sql.query(`alter database ${dbName} reset log_statement`);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const service = await runScript('bench/support/ledger-service.mjs', serverDb.url);

  const rate = (r) => Math.round(r.postings / r.elapsed);
  const perSecond = (run) => Math.round(run.confirmed / seconds);
  const httpRow = (target, run) =>
    run && {
      target,
      'postings/s': perSecond(run),
      'p99 ms': run.result.latency.p99,
      check: `bank_clearing ${run.exact ? 'exact' : 'OFF'}`,
    };
  const rows = [
    { target: 'raw SQL, many accounts', 'postings/s': rate(raw['many accounts']) },
    { target: 'raw SQL, one hot account', 'postings/s': rate(raw['one hot account']) },
    { target: 'ledger service, many accounts', 'postings/s': rate(service['many accounts']) },
    {
      target: 'ledger service, one hot account',
      'postings/s': rate(service['one hot account']),
      check: `OK over ${service.checkedLines} lines`,
    },
    {
      target: `ledger service, batches of ${LINES}`,
      'postings/s': rate(service[`batches of ${LINES}`]),
    },
    httpRow('HTTP: one deposit confirmed a request (200 clients)', runs.single),
    httpRow(`HTTP: bank statements of ${LINES} lines (200 clients)`, runs.many),
    httpRow(`HTTP: bank statements of ${LINES} lines (one client)`, runs.hot),
  ].filter(Boolean);
  console.log(
    `\nLedger postings, PostgreSQL, ${connections} concurrent, ${seconds} s each (raw SQL in its own process)\n`,
  );
  console.table(rows);
  const ratio = (run, shape) => perSecond(run) / rate(raw[shape]);
  console.log(
    `Ledger service / raw SQL: many accounts ${(rate(service['many accounts']) / rate(raw['many accounts'])).toFixed(2)}×, ` +
      `one hot account ${(rate(service['one hot account']) / rate(raw['one hot account'])).toFixed(2)}×.`,
  );
  for (const [name, run] of Object.entries(runs))
    console.log(
      `${name}: ${run.result['2xx']} 2xx, ${run.result.non2xx} other, ${run.result.errors} errors; ` +
        `${run.confirmed} deposits confirmed; ${ratio(run, name === 'hot' ? 'one hot account' : 'many accounts').toFixed(2)}× raw SQL; ` +
        `server CPU ${(run.cpuMs / Math.max(1, run.confirmed)).toFixed(2)} ms a posting, ` +
        `${(run.drainedCpuMs / Math.max(1, run.confirmed)).toFixed(2)} ms with engagement's computations served` +
        (run.transactions
          ? `; ${(run.confirmed / run.transactions).toFixed(1)} confirmations a transaction.`
          : '.'),
    );
  const perConfirmation = statements
    ? `${statements.total.toFixed(1)} statements logged a confirmation (${statements.request.toFixed(1)} while the request ran, ` +
      `${statements.after.toFixed(1)} after its answer until the standing was stored; both include the server's other work in those windows)`
    : null;
  if (perConfirmation)
    console.log(
      `One confirmation, PostgreSQL's statement log, mean of ${statements.confirmations}: ${perConfirmation}.`,
    );
  console.log(
    `Reconciliation over HTTP: ${reconciliation.data?.ok ? 'OK' : 'FAILED'} over ${reconciliation.data?.counts?.lines} lines in ${checkMs} ms.`,
  );
  const failed = Object.values(runs).some((r) => !r.exact || r.result.non2xx > 0);
  if (!reconciliation.data?.ok || failed) {
    console.error('FAILED', JSON.stringify(reconciliation.data?.discrepancies ?? reconciliation));
    process.exitCode = 1;
  } else {
    const check = `ledger check OK over ${reconciliation.data.counts.lines.toLocaleString('en')} lines`;
    const report = [];
    if (runs.single)
      report.push({
        id: 'ledger-deposit',
        what: `one deposit confirmation a request, 200 clients, c=${connections}`,
        figure:
          `${perSecond(runs.single).toLocaleString('en')}/s, p99 ${runs.single.result.latency.p99} ms, ` +
          `${(runs.single.cpuMs / Math.max(1, runs.single.confirmed)).toFixed(2)} ms server CPU each ` +
          `(${(runs.single.drainedCpuMs / Math.max(1, runs.single.confirmed)).toFixed(2)} ms until engagement had served them all); ` +
          `${(runs.single.confirmed / Math.max(1, runs.single.transactions)).toFixed(1)} confirmations a transaction; ${check}` +
          (perConfirmation ? `; ${perConfirmation}` : ''),
        baseline: `raw SQL ${rate(raw['many accounts']).toLocaleString('en')}/s`,
        ratio: `${ratio(runs.single, 'many accounts').toFixed(2)}× raw`,
        budget: '≥ 1,000/s and ≥ 0.4× raw',
      });
    if (runs.many && runs.hot)
      report.push({
        id: 'ledger-statements',
        what: 'ledger postings over HTTP as bank statements, 200 clients / one client',
        figure: `${perSecond(runs.many).toLocaleString('en')}/s / ${perSecond(runs.hot).toLocaleString('en')}/s; ${check}`,
        baseline: `raw SQL ${rate(raw['many accounts']).toLocaleString('en')}/s / ${rate(raw['one hot account']).toLocaleString('en')}/s`,
        ratio: `${ratio(runs.many, 'many accounts').toFixed(2)}× / ${ratio(runs.hot, 'one hot account').toFixed(2)}× raw`,
        budget: '≥ 2× raw / ≥ 1× raw',
      });
    reportBench('ledger.mjs', report);
  }
} finally {
  await sql.end();
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await serverDb.drop();
}

/** bank_clearing, the amounts of every confirmed bench deposit, and the phase's count: one snapshot. */
async function moneyFacts(prefix) {
  const {
    rows: [row],
  } = await sql.query(
    `select (select coalesce(sum(balance), 0) from ledger_accounts
             where client_id is null and kind = 'bank_clearing')::text as clearing,
            (select coalesce(sum(amount), 0) from deposits
             where status = 'confirmed' and utr like 'BENCH%')::text as confirmed_all,
            (select count(*) from deposits
             where status = 'confirmed' and utr like $1)::int as phase_confirmed`,
    [`${prefix}%`],
  );
  return {
    clearing: BigInt(row.clearing),
    confirmedAll: BigInt(row.confirmed_all),
    phaseConfirmed: row.phase_confirmed,
  };
}
