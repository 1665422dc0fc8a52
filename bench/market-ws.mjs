// Live-quote fan-out: N WebSocket clients, 50 symbols each spread over the whole universe,
// against the real server with the simulated market always open. Reports the delay from a
// tick (the quote's updated_at) to its arrival at the client — which includes the up-to-250 ms
// coalescing window by design — the server's CPU use and RSS, and every failed handshake
// (counted, never retried). On PostgreSQL when DATABASE_URL names a server.
// Usage: [DATABASE_URL=…] node --import tsx bench/market-ws.mjs [seconds] [clients...]
import WebSocket from 'ws';
import { scratchPostgres } from './support/postgres.mjs';
import { cpuSeconds, percentile, rssMb, startServer } from './support/server.mjs';

const seconds = Number(process.argv[2] ?? 20);
const sizes = process.argv.slice(3).map(Number);
const clientsPerRun = sizes.length ? sizes : [1000, 5000];
const SYMBOLS_EACH = 50;

const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
const { server, base, token } = await startServer({
  port: 3202,
  env: { MARKET_ALWAYS_OPEN: 'true' },
  name: 'bench-ws',
  databaseUrl: scratch?.url ?? '',
});
// Every instrument, page by page: stocks and indices alike.
const universe = [];
for (let cursor = null, first = true; first || cursor; first = false) {
  const page = (
    await (
      await fetch(
        `${base}/market/app/v1/list?filter=all&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { headers: { authorization: `Bearer ${token}` } },
      )
    ).json()
  ).data;
  universe.push(...page.items.map((i) => i.symbol));
  cursor = page.next_cursor;
}

function connect(index, delays) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws/app/v1`);
    const symbols = Array.from(
      { length: SYMBOLS_EACH },
      (_, k) => universe[(index * 7 + k) % universe.length],
    );
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      if (message.type === 'ready') socket.send(JSON.stringify({ type: 'subscribe', symbols }));
      else if (message.type === 'snapshot') resolve(socket);
      else if (message.type === 'ping') socket.send('{"type":"pong"}');
      else if (message.type === 'ticks' && delays.recording) {
        const now = Date.now();
        delays.messages++;
        for (const quote of message.quotes) {
          if (quote.updated_at) delays.values.push(now - Date.parse(quote.updated_at));
        }
      }
    });
    socket.on('error', reject);
    socket.on('close', (code) => reject(new Error(`closed with ${code} before subscribing`)));
  });
}

/** A handshake that fails is counted and that client stays away: nothing is retried. */
let failed = 0;
const connectOrCount = (index, delays) =>
  connect(index, delays).catch(() => {
    failed++;
    return null;
  });

const rows = [];
for (const clients of clientsPerRun) {
  const delays = { recording: false, values: [], messages: 0 };
  const sockets = [];
  for (let i = 0; i < clients; i += 100) {
    const batch = Array.from({ length: Math.min(100, clients - i) }, (_, k) =>
      connectOrCount(i + k, delays),
    );
    sockets.push(...(await Promise.all(batch)).filter(Boolean));
    if (process.env.BENCH_VERBOSE) console.error(`connected ${sockets.length}`);
  }
  await new Promise((r) => setTimeout(r, 2000));
  const cpuBefore = cpuSeconds(server.pid);
  const started = Date.now();
  delays.recording = true;
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 1000);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(sampler);
  delays.recording = false;
  const elapsed = (Date.now() - started) / 1000;
  const cpu = (cpuSeconds(server.pid) - cpuBefore) / elapsed;
  const sorted = delays.values.sort((a, b) => a - b);
  rows.push({
    clients,
    'messages/s': Math.round(delays.messages / elapsed),
    'quote updates/s': Math.round(sorted.length / elapsed),
    'p50 ms': percentile(sorted, 50),
    'p99 ms': percentile(sorted, 99),
    'server CPU (cores)': cpu.toFixed(2),
    'server RSS peak MB': Math.round(peakRss),
    'failed handshakes': failed,
  });
  failed = 0;
  sockets.forEach((s) => s.terminate());
  await new Promise((r) => setTimeout(r, 2000));
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await scratch?.drop();
console.log(
  `\nWebSocket fan-out, ${SYMBOLS_EACH} of ${universe.length} symbols per client, ${seconds} s per run, ${scratch ? 'PostgreSQL' : 'embedded database'}`,
);
console.log('budget at 5,000 clients: RSS ≤ 300 MB, p99 ≤ 300 ms, 0 failed handshakes\n');
console.table(rows);
process.exit(0);
