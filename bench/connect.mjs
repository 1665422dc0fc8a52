// The Kite-wire ticker under its full load (issue 35): one `/connect/ws` connection subscribed to
// 3,000 instruments in full mode (184-byte packets), against the real server with the simulated
// market always open; in the same run, the app's own quote socket (`/ws/app/v1`) on the same
// 3,000 instruments (15 sockets: the app allows 200 symbols a socket); and afterwards a bare `ws`
// server in its own process (bench/support/bare-kite-ws.mjs) pushing frames of the same size
// every 500 ms to the same client code, so the figure is a ratio.
//
// The shipped universe has ~150 equities: after the first start (demo seed, a year of history)
// the bench copies them under new symbols into the scratch database until 3,000 are listed, and
// restarts the server on that data, as a broker with a full listing would run.
//
// Tick-to-client: a Kite full packet carries its print time in whole seconds only, so each
// packet is timed by the engine step that printed it. An equity's cumulative volume grows by at
// least one share a print, so (symbol, volume) names one step; the app socket's quotes carry the
// same pair with `updated_at`, the step's time in milliseconds (its own delay is measured from
// it as bench/market-ws.mjs does). A Kite packet whose step the app socket never showed (the
// app coalesced it away) is counted as unmatched, not timed. The clients live in processes of
// their own (bench/support/kite-ticker-client.mjs, app-socket-client.mjs).
//
// Usage: DATABASE_URL=postgres://… node --import tsx bench/connect.mjs [seconds]
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { md5 } from '../packages/shared/src/md5.ts';
import { reportBench } from './report.mjs';
import { scratchPostgres } from './support/postgres.mjs';
import {
  cpuSeconds,
  DEMO_CREDENTIALS,
  peakRssMb,
  percentile,
  root,
  startServer,
} from './support/server.mjs';

const seconds = Number(process.argv[2] ?? 20);
const INSTRUMENTS = 3000;
const APP_SOCKET_SYMBOLS = 200; // WS_MAX_SUBSCRIPTIONS
const DEMO_PASSWORD = 'demo1234';
const DEMO_PIN = '246810'; // apps/server/src/modules/demo/history.ts
// BENCH_PORT moves both listeners (server on it, bare on the next).
const port = Number(process.env.BENCH_PORT ?? 3215);
if (!process.env.DATABASE_URL) {
  console.error('bench/connect.mjs lists 3,000 instruments in its database: set DATABASE_URL.');
  process.exit(2);
}
const load = () => os.loadavg()[0].toFixed(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadAtStart = load();

// ---------- The server, with 3,000 equities listed ----------
const scratch = await scratchPostgres(process.env.DATABASE_URL);
const start = (keepData) =>
  startServer({
    port,
    env: { MARKET_ALWAYS_OPEN: 'true' },
    name: 'bench-connect',
    databaseUrl: scratch.url,
    keepData,
  });
let { server } = await start(false);
const stopped = (child) => new Promise((r) => child.once('exit', r));
server.kill('SIGTERM');
await stopped(server);
await listCopies(scratch.url, INSTRUMENTS);
const restarted = await start(true);
({ server } = restarted);
const { base, token } = restarted;

/** Copies the shipped equities under new symbols (INFY → INFY-B1 …) until `count` are listed. */
async function listCopies(url, count) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const {
    rows: [{ n }],
  } = await db.query(
    `select count(*)::int as n from instruments where market = 'NSE' and symbol !~ '-B[0-9]+$'`,
  );
  await db.query(
    `insert into instruments (symbol, market, name, sector, industry, segment, fno, band_pct,
       shares_outstanding, avg_daily_volume, beta, ref_close_paise)
     select i.symbol || '-B' || k, 'NSE', i.name || ' (copy ' || k || ')', i.sector, i.industry,
            i.segment, i.fno, i.band_pct, i.shares_outstanding, i.avg_daily_volume, i.beta,
            i.ref_close_paise
       from instruments i cross join generate_series(1, $1::int) k
      where i.market = 'NSE' and i.symbol !~ '-B[0-9]+$'
     on conflict do nothing`,
    [Math.ceil(count / n)],
  );
  await db.end();
}

// ---------- An API app of the demo client, signed in through the Kite login ----------
const form = (fields, headers = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});
const created = await (
  await fetch(`${base}/client/app/v1/api-apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: 'Bench ticker',
      redirect_url: 'http://127.0.0.1:9/callback',
      postback_url: null,
      allowed_ips: ['127.0.0.1'],
      pin: md5(DEMO_PIN),
    }),
  })
).json();
if (created.code !== 200) throw new Error(`API app refused: ${JSON.stringify(created)}`);
const { api_key, api_secret } = created.data;
const passwordStep = await (
  await fetch(
    `${base}/connect/login`,
    form({ api_key, mobile: DEMO_CREDENTIALS.username, password: DEMO_PASSWORD }),
  )
).text();
const loginToken = /name="login_token" value="([^"]*)"/.exec(passwordStep)?.[1];
const consent = await fetch(`${base}/connect/login/consent`, {
  ...form({ login_token: loginToken ?? '', pin: DEMO_PIN }),
  redirect: 'manual',
});
const requestToken = new URL(consent.headers.get('location') ?? 'http://x/').searchParams.get(
  'request_token',
);
if (!requestToken) throw new Error(`Kite login refused: ${consent.status}`);
const kite = { 'X-Kite-Version': '3' };
const session = await (
  await fetch(
    `${base}/connect/session/token`,
    form(
      {
        api_key,
        request_token: requestToken,
        checksum: createHash('sha256')
          .update(api_key + requestToken + api_secret)
          .digest('hex'),
      },
      kite,
    ),
  )
).json();
const accessToken = session.data.access_token;

// 3,000 equities from the instruments CSV, as a program would pick them.
const csv = await (
  await fetch(`${base}/connect/instruments`, {
    headers: { ...kite, authorization: `token ${api_key}:${accessToken}` },
  })
).text();
// Columns: instrument_token, exchange_token, tradingsymbol, name (which may hold commas), …,
// segment, exchange: read from both ends.
const listed = csv
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','))
  .filter((cells) => cells.at(-2) === 'NSE')
  .slice(0, INSTRUMENTS)
  .map((cells) => ({ token: Number(cells[0]), symbol: cells[2] }));
if (listed.length < INSTRUMENTS) throw new Error(`only ${listed.length} equities listed`);
const symbolOf = new Map(listed.map((i) => [i.token, i.symbol]));
const tokens = listed.map((i) => i.token);

// ---------- The clients ----------
const ask = (child, command) =>
  new Promise((resolve) => {
    child.once('message', resolve);
    child.send(command);
  });
const child = (script) => {
  const forked = fork(path.join(root, 'bench/support', script), { stdio: 'inherit', execArgv: [] });
  process.on('exit', () => forked.kill('SIGTERM'));
  return forked;
};
const quantiles = (sorted) => ({
  p50: percentile(sorted, 50),
  p99: percentile(sorted, 99),
  max: sorted.at(-1) ?? NaN,
});
const fromHistogram = (histogram) => {
  const total = histogram.reduce((a, b) => a + b, 0);
  const at = (p) => {
    const rank = Math.max(1, Math.ceil((p / 100) * total));
    for (let ms = 0, seen = 0; ms < histogram.length; ms++)
      if ((seen += histogram[ms]) >= rank) return ms;
    return NaN;
  };
  return { p50: at(50), p99: at(99), max: at(100) };
};

/** Warm-up, then `seconds` recorded on every client at once; CPU of `pid` meanwhile. */
async function record(clients, pid) {
  await sleep(3000);
  const cpuBefore = cpuSeconds(pid);
  const started = Date.now();
  clients.forEach((c) => c.send({ cmd: 'record' }));
  await sleep(seconds * 1000);
  const reports = await Promise.all(clients.map((c) => ask(c, { cmd: 'report' })));
  const elapsed = (Date.now() - started) / 1000;
  return { reports, elapsed, cpu: (cpuSeconds(pid) - cpuBefore) / elapsed, load: load() };
}

// The server: the Kite connection and the app sockets in the same run.
const ticker = child('kite-ticker-client.mjs');
const appSockets = child('app-socket-client.mjs');
const wsBase = base.replace('http', 'ws');
await ask(appSockets, {
  cmd: 'connect',
  url: `${wsBase}/ws/app/v1`,
  token,
  symbols: listed.map((i) => i.symbol),
  perSocket: APP_SOCKET_SYMBOLS,
});
await ask(ticker, {
  cmd: 'connect',
  url: `${wsBase}/connect/ws?api_key=${api_key}&access_token=${accessToken}`,
  tokens,
});
const serverRun = await record([ticker, appSockets], server.pid);
const serverRss = peakRssMb(server.pid);
const [kiteFigures, appFigures] = serverRun.reports;
const stepOf = new Map(appFigures.steps);
const kiteDelays = [];
for (let i = 0; i < kiteFigures.tokens.length; i++) {
  const stamp = stepOf.get(`${symbolOf.get(kiteFigures.tokens[i])}|${kiteFigures.volumes[i]}`);
  if (stamp !== undefined) kiteDelays.push(kiteFigures.arrivals[i] - stamp);
}
kiteDelays.sort((a, b) => a - b);
const kiteServer = {
  ...quantiles(kiteDelays),
  ticksPerS: kiteFigures.packets / serverRun.elapsed,
  framesPerS: kiteFigures.frames / serverRun.elapsed,
  mbPerS: kiteFigures.bytes / serverRun.elapsed / 1e6,
  packetsPerFrame: kiteFigures.packets / Math.max(1, kiteFigures.frames),
  matched: kiteDelays.length / Math.max(1, kiteFigures.packets),
};
const app = {
  ...fromHistogram(appFigures.histogram),
  quotesPerS: appFigures.quotes / serverRun.elapsed,
  messagesPerS: appFigures.messages / serverRun.elapsed,
  mbPerS: appFigures.bytes / serverRun.elapsed / 1e6,
  dropped: appFigures.dropped,
};
ticker.send({ cmd: 'close' });
appSockets.send({ cmd: 'close' });
server.kill('SIGTERM');
await stopped(server);
await scratch.drop();

// The bare baseline: the same client, frames of the server's mean size every 500 ms.
await sleep(2000);
const bare = fork(path.join(root, 'bench/support/bare-kite-ws.mjs'), {
  env: {
    ...process.env,
    PORT: String(port + 1),
    PACKETS: String(Math.round(kiteServer.packetsPerFrame)),
  },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  execArgv: [],
});
process.on('exit', () => bare.kill('SIGTERM'));
await sleep(1000);
const bareTicker = child('kite-ticker-client.mjs');
await ask(bareTicker, { cmd: 'connect', url: `ws://127.0.0.1:${port + 1}/`, tokens });
const bareRun = await record([bareTicker], bare.pid);
const bareRss = peakRssMb(bare.pid);
const [bareFigures] = bareRun.reports;
const bareKite = {
  ...quantiles(bareFigures.delays.sort((a, b) => a - b)),
  ticksPerS: bareFigures.packets / bareRun.elapsed,
  framesPerS: bareFigures.frames / bareRun.elapsed,
  mbPerS: bareFigures.bytes / bareRun.elapsed / 1e6,
};
bareTicker.send({ cmd: 'close' });
bare.kill('SIGTERM');

// ---------- Report ----------
const f1 = (x) => x.toFixed(1);
console.log(
  `\nKite ticker: one connection × ${INSTRUMENTS.toLocaleString('en')} instruments, full mode, ${seconds} s recorded; load average ${loadAtStart} at the start, ${serverRun.load} after the server's run, ${bareRun.load} after the bare run`,
);
console.table([
  {
    target: 'server /connect/ws (Kite, full)',
    'p50 ms': kiteServer.p50,
    'p99 ms': kiteServer.p99,
    'max ms': kiteServer.max,
    'ticks/s': Math.round(kiteServer.ticksPerS),
    'frames/s': f1(kiteServer.framesPerS),
    'MB/s': f1(kiteServer.mbPerS),
    timed: `${(kiteServer.matched * 100).toFixed(1)}%`,
    'CPU (cores)': serverRun.cpu.toFixed(2),
    'VmHWM MB': Math.round(serverRss),
  },
  {
    target: `server /ws/app/v1 (${Math.ceil(INSTRUMENTS / APP_SOCKET_SYMBOLS)} sockets, same run)`,
    'p50 ms': app.p50,
    'p99 ms': app.p99,
    'max ms': app.max,
    'ticks/s': Math.round(app.quotesPerS),
    'frames/s': f1(app.messagesPerS),
    'MB/s': f1(app.mbPerS),
    timed: '100%',
    'CPU (cores)': '(same process)',
    'VmHWM MB': '',
  },
  {
    target: `bare ws, ${Math.round(kiteServer.packetsPerFrame)} full packets / 500 ms`,
    'p50 ms': bareKite.p50,
    'p99 ms': bareKite.p99,
    'max ms': bareKite.max,
    'ticks/s': Math.round(bareKite.ticksPerS),
    'frames/s': f1(bareKite.framesPerS),
    'MB/s': f1(bareKite.mbPerS),
    timed: '100%',
    'CPU (cores)': bareRun.cpu.toFixed(2),
    'VmHWM MB': Math.round(bareRss),
  },
]);
const ratio = kiteServer.p99 / Math.max(1, bareKite.p99);
console.log(
  `Kite p99 ${kiteServer.p99} ms = ${f1(ratio)}× bare's ${bareKite.p99} ms; the app socket's p99 in the same run ${app.p99} ms (Kite / app ${(kiteServer.p99 / Math.max(1, app.p99)).toFixed(2)}×); app sockets dropped: ${app.dropped}`,
);
reportBench(
  'connect.mjs',
  [
    {
      id: 'connect-ticker',
      what: `Kite ticker (/connect/ws), one connection × ${INSTRUMENTS.toLocaleString('en')} instruments, full mode; the app socket on the same instruments in the same run`,
      figure: `tick-to-client p99 ${kiteServer.p99} ms (p50 ${kiteServer.p50}), ${Math.round(kiteServer.ticksPerS).toLocaleString('en')} ticks/s in ${f1(kiteServer.framesPerS)} frames/s (${f1(kiteServer.mbPerS)} MB/s), ${(kiteServer.matched * 100).toFixed(0)}% of ticks timed; server ${serverRun.cpu.toFixed(2)} cores, VmHWM ${Math.round(serverRss)} MB; app socket same run: p99 ${app.p99} ms (p50 ${app.p50}), ${Math.round(app.quotesPerS).toLocaleString('en')} quotes/s`,
      baseline: `bare \`ws\`, ${Math.round(kiteServer.packetsPerFrame)} full packets every 500 ms: p99 ${bareKite.p99} ms (p50 ${bareKite.p50}), ${Math.round(bareKite.ticksPerS).toLocaleString('en')} ticks/s, ${bareRun.cpu.toFixed(2)} cores`,
      ratio: `p99 ${f1(ratio)}× bare; Kite / app socket p99 ${(kiteServer.p99 / Math.max(1, app.p99)).toFixed(2)}×`,
      budget: '–',
    },
  ],
  {
    stamp: `${new Date().toISOString().slice(0, 10)}, load ${loadAtStart} → ${serverRun.load} (server run) → ${bareRun.load} (bare run)`,
  },
);
process.exit(0);
