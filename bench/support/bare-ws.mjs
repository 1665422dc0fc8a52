// The WebSocket baseline of bench/market-ws.mjs: a bare `ws` server in its own process that
// speaks the same protocol (auth → ready, subscribe → snapshot, ping) with no database and no
// checks, and every 500 ms moves every symbol of UNIVERSE and sends each client one `ticks`
// frame of its symbols with the fields a real tick carries — the plainest way to write it, one
// JSON.stringify per client. It does at least the real server's fan-out work.
import { WebSocketServer } from 'ws';

const universe = process.env.UNIVERSE.split(',');
const STEP_MS = 500;
const prices = new Map(universe.map((s, i) => [s, 100 + i]));
const clients = new Set();

const wss = new WebSocketServer({
  port: Number(process.env.PORT),
  host: '127.0.0.1',
  perMessageDeflate: false,
});
wss.on('connection', (socket) => {
  const client = { socket, symbols: [] };
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    if (message.type === 'auth') socket.send('{"type":"ready"}');
    else if (message.type === 'subscribe') {
      client.symbols = message.symbols;
      clients.add(client);
      const quotes = client.symbols.map((symbol) => ({ symbol, price: prices.get(symbol) }));
      socket.send(JSON.stringify({ type: 'snapshot', quotes }));
    }
  });
  socket.on('close', () => clients.delete(client));
});

setInterval(() => {
  const updatedAt = new Date().toISOString();
  const quotes = new Map();
  for (const [symbol, price] of prices) {
    const next = Math.round((price + (Math.random() - 0.5)) * 100) / 100;
    prices.set(symbol, next);
    quotes.set(symbol, {
      symbol,
      price: next,
      change: Math.round((next - 100) * 100) / 100,
      change_pct: Math.round(next - 100) / 100,
      high: next + 1,
      volume: 1_234_567,
      value: 98_765_432.1,
      updated_at: updatedAt,
    });
  }
  for (const { socket, symbols } of clients) {
    socket.send(JSON.stringify({ type: 'ticks', quotes: symbols.map((s) => quotes.get(s)) }));
  }
}, STEP_MS);

setInterval(() => {
  for (const { socket } of clients) socket.send(`{"type":"ping","t":${Date.now()}}`);
}, 15_000);
