// Live-quote fan-out: N WebSocket clients, 50 symbols each, against the real server with the
// simulated market always open. Reports the delay from a tick (the quote's updated_at) to its
// arrival at the client — which includes the up-to-250 ms coalescing window by design — and
// the server's CPU use. Usage: node --import tsx bench/market-ws.mjs [seconds] [clients...]
import WebSocket from 'ws';
import { cpuSeconds, percentile, startServer } from './support/server.mjs';

const seconds = Number(process.argv[2] ?? 20);
const sizes = process.argv.slice(3).map(Number);
const clientsPerRun = sizes.length ? sizes : [1000, 5000];
const SYMBOLS_EACH = 50;

const { server, base, token } = await startServer({
  port: 3202,
  env: { MARKET_ALWAYS_OPEN: 'true' },
  name: 'bench-ws',
});
const universe = (
  await (
    await fetch(`${base}/market/app/v1/list?filter=stock&limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()
).data.items.map((i) => i.symbol);

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

/** Under a connection storm the server may time out a slow handshake: count it and retry. */
let retries = 0;
async function connectWithRetry(index, delays, attempts = 3) {
  try {
    return await connect(index, delays);
  } catch (error) {
    if (attempts <= 1) throw error;
    retries++;
    await new Promise((r) => setTimeout(r, 500));
    return connectWithRetry(index, delays, attempts - 1);
  }
}

const rows = [];
for (const clients of clientsPerRun) {
  const delays = { recording: false, values: [], messages: 0 };
  const sockets = [];
  for (let i = 0; i < clients; i += 100) {
    const batch = Array.from({ length: Math.min(100, clients - i) }, (_, k) =>
      connectWithRetry(i + k, delays),
    );
    sockets.push(...(await Promise.all(batch)));
    if (process.env.BENCH_VERBOSE) console.error(`connected ${sockets.length}`);
  }
  await new Promise((r) => setTimeout(r, 2000));
  const cpuBefore = cpuSeconds(server.pid);
  const started = Date.now();
  delays.recording = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
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
    'connect retries': retries,
  });
  retries = 0;
  sockets.forEach((s) => s.terminate());
  await new Promise((r) => setTimeout(r, 2000));
}
server.kill('SIGTERM');
console.log(
  `\nWebSocket fan-out, ${SYMBOLS_EACH} symbols per client, ${seconds} s per run, embedded PostgreSQL\n`,
);
console.table(rows);
process.exit(0);
