// The Kite-ticker baseline of bench/connect.mjs: a bare `ws` server in its own process, no
// database, no checks. A connection's subscribe message gives its tokens; every 500 ms (the
// market engine's step) it is sent one binary frame of PACKETS full-mode packets (184 bytes
// each, Kite's layout, the server's frame size as measured in the same run), built the plainest
// way, each stamped with its send time (float64 at byte 64) for the client to time it.
import { WebSocketServer } from 'ws';

const PACKETS = Number(process.env.PACKETS);
const STEP_MS = 500;
const FULL = 184;
const clients = new Set();
let step = 0;

const wss = new WebSocketServer({
  port: Number(process.env.PORT),
  host: '127.0.0.1',
  perMessageDeflate: false,
});
wss.on('connection', (socket) => {
  const client = { socket, tokens: [] };
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    if (message.a === 'subscribe') {
      client.tokens = message.v;
      clients.add(client);
    }
    // The mode message is answered with a frame at once, as the server does.
    if (message.a === 'mode') socket.send(frameFor(client, 0), { binary: true });
  });
  socket.on('close', () => clients.delete(client));
});

function frameFor({ tokens }, stamp) {
  const count = Math.min(PACKETS, tokens.length);
  const frame = Buffer.alloc(2 + count * (2 + FULL));
  frame.writeUInt16BE(count, 0);
  for (let i = 0; i < count; i++) {
    const at = 2 + i * (2 + FULL);
    frame.writeUInt16BE(FULL, at);
    const p = at + 2;
    // A different slice of the tokens each step, as different instruments move.
    frame.writeUInt32BE(tokens[(i + step * 7) % tokens.length], p);
    frame.writeUInt32BE(100_000 + step, p + 4); // last price, paise
    frame.writeUInt32BE(step + 1, p + 16); // volume
    frame.writeDoubleBE(stamp, p + 64);
  }
  return frame;
}

setInterval(() => {
  step++;
  for (const client of clients) client.socket.send(frameFor(client, Date.now()), { binary: true });
}, STEP_MS);
