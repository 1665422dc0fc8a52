// One load-generating process of bench/market-ws.mjs: holds a slice of the WebSocket clients,
// speaks the live-quotes protocol (auth → ready → subscribe → snapshot, pong to ping), and
// measures each quote's delay from its tick (`updated_at`, stamped by the server's clock, which
// is this machine's clock too) to its arrival here. Delays go into a 1 ms histogram so that
// recording costs the same at any rate. Driven over IPC by the parent:
//   {cmd:'connect', url, token, from, to, symbolsEach, universe} → {connected, failed}
//   {cmd:'record'} … {cmd:'report'} → {histogram, messages, quotes, bytes, dropped}
//   {cmd:'close'} → exits.
// A handshake that fails (error, or closed before its snapshot) is counted, never retried.
import WebSocket from 'ws';

const MAX_MS = 60_000;
const CONCURRENT_HANDSHAKES = 25;
/** A client not subscribed this long after dialling has failed (and is not retried). */
const HANDSHAKE_LIMIT_MS = 30_000;

let sockets = [];
let recording = false;
let histogram = new Uint32Array(MAX_MS + 1);
let messages = 0;
let quotes = 0;
let bytes = 0;
let dropped = 0;
/** Why handshakes failed, by reason: the parent prints them so a failure is never a mystery. */
const reasons = {};

/** 50 distinct symbols per client, drawn by a tiny LCG seeded with the client's number. */
function symbolsFor(index, universe, count) {
  const picked = new Set();
  let x = (index + 1) * 2654435761;
  while (picked.size < Math.min(count, universe.length)) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    picked.add(universe[x % universe.length]);
  }
  return [...picked];
}

// A `ticks` frame is timed by scanning its bytes for each quote's `"updated_at":"…"` rather
// than by JSON.parse: 5,000 sockets × 2 frames a second × ~5 kB is 50 MB/s of JSON, and
// parsing it took CPU from the server under test on the same two cores (the server writes
// its frames with JSON.stringify, so the key has exactly this spelling). Every other frame
// is parsed as before.
const TICKS_HEAD = Buffer.from('{"type":"ticks"');
const STAMP_KEY = Buffer.from('"updated_at":"');
const QUOTE = 0x22;
const isTicks = (raw) =>
  raw.length > TICKS_HEAD.length &&
  raw.compare(TICKS_HEAD, 0, TICKS_HEAD.length, 0, TICKS_HEAD.length) === 0;

/** The stamp in raw[start, end) in ms: ticks of one flush share it, so it is parsed once. */
let lastStampBytes = Buffer.alloc(0);
let lastStampBytesMs = 0;
function stampAt(raw, start, end) {
  if (lastStampBytes.compare(raw, start, end) !== 0) {
    lastStampBytes = Buffer.from(raw.subarray(start, end));
    lastStampBytesMs = Date.parse(lastStampBytes.toString('latin1'));
  }
  return lastStampBytesMs;
}

function timeTicks(raw, now) {
  messages++;
  bytes += raw.length;
  for (let at = raw.indexOf(STAMP_KEY); at !== -1; at = raw.indexOf(STAMP_KEY, at + 1)) {
    const start = at + STAMP_KEY.length;
    const end = raw.indexOf(QUOTE, start);
    quotes++;
    const delay = now - stampAt(raw, start, end);
    histogram[Math.max(0, Math.min(MAX_MS, delay))]++;
  }
}

function connect(url, token, symbols) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, {
      perMessageDeflate: false,
      handshakeTimeout: HANDSHAKE_LIMIT_MS,
    });
    const limit = setTimeout(
      () => fail(`not subscribed within ${HANDSHAKE_LIMIT_MS / 1000} s`),
      HANDSHAKE_LIMIT_MS,
    );
    let subscribed = false;
    let lastError = '';
    const fail = (reason) => {
      if (subscribed) return;
      subscribed = true; // settle once
      clearTimeout(limit);
      reasons[reason] = (reasons[reason] ?? 0) + 1;
      socket.terminate();
      resolve(null);
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (raw) => {
      const now = Date.now();
      if (isTicks(raw)) {
        if (recording) timeTicks(raw, now);
        return;
      }
      const message = JSON.parse(raw.toString());
      if (message.type === 'ping') socket.send('{"type":"pong"}');
      else if (message.type === 'ready')
        socket.send(JSON.stringify({ type: 'subscribe', symbols }));
      else if (message.type === 'error') lastError = message.message;
      else if (message.type === 'snapshot' && !subscribed) {
        subscribed = true;
        clearTimeout(limit);
        resolve(socket);
      }
    });
    socket.on('error', (error) => fail(error.code ?? error.message));
    socket.on('close', (code, why) => {
      if (subscribed && recording) dropped++;
      fail(`closed ${code} ${why} ${lastError}`.trim());
    });
  });
}

process.on('message', async (command) => {
  if (command.cmd === 'connect') {
    const { url, token, from, to, symbolsEach, universe } = command;
    let failed = 0;
    let next = from;
    const lane = async () => {
      while (next < to) {
        const index = next++;
        const socket = await connect(url, token, symbolsFor(index, universe, symbolsEach));
        if (socket) sockets.push(socket);
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_HANDSHAKES }, lane));
    process.send({ connected: sockets.length, failed, reasons });
  } else if (command.cmd === 'record') {
    histogram = new Uint32Array(MAX_MS + 1);
    messages = quotes = bytes = dropped = 0;
    recording = true;
  } else if (command.cmd === 'report') {
    recording = false;
    // Only the non-empty bins travel: [ms, count] pairs.
    const bins = [];
    for (let ms = 0; ms <= MAX_MS; ms++) if (histogram[ms]) bins.push([ms, histogram[ms]]);
    process.send({ bins, messages, quotes, bytes, dropped });
  } else if (command.cmd === 'close') {
    for (const socket of sockets) socket.terminate();
    sockets = [];
    setTimeout(() => process.exit(0), 200);
  }
});
