// One load-generating process of bench/connect.mjs: one Kite-ticker connection (the server's
// /connect/ws, or the bare baseline's), subscribed to the given instrument tokens in full mode.
// Each binary frame is decoded as a Kite client does (2-byte packet count, then each packet
// behind its 2-byte length). For every full equity packet it keeps the token, the cumulative
// volume (which names one engine step of that instrument: every print adds at least one share)
// and the arrival time, for the parent to match against the step's time; packets of the bare
// baseline carry their send time (float64 at byte 64, in the depth the server leaves zero), so
// their delay is taken here. Driven over IPC by the parent:
//   {cmd:'connect', url, tokens} → {subscribed}   {cmd:'record'}   {cmd:'report'} → figures
//   {cmd:'close'} → exits.
import WebSocket from 'ws';

const FULL = 184;
const STAMP_AT = 64;
let socket = null;
let recording = false;
let figures = fresh();

function fresh() {
  return {
    frames: 0,
    heartbeats: 0,
    packets: 0,
    bytes: 0,
    tokens: [],
    volumes: [],
    arrivals: [],
    delays: [],
  };
}

function onFrame(data) {
  const now = Date.now();
  if (!recording) return;
  figures.bytes += data.length;
  if (data.length < 2) {
    figures.heartbeats++;
    return;
  }
  figures.frames++;
  const count = data.readUInt16BE(0);
  let at = 2;
  for (let i = 0; i < count; i++) {
    const length = data.readUInt16BE(at);
    const packet = at + 2;
    at = packet + length;
    if (length !== FULL) continue;
    figures.packets++;
    const stamp = data.readDoubleBE(packet + STAMP_AT);
    if (stamp > 0) {
      figures.delays.push(now - stamp);
      continue;
    }
    figures.tokens.push(data.readUInt32BE(packet));
    figures.volumes.push(data.readUInt32BE(packet + 16));
    figures.arrivals.push(now);
  }
}

function connect(url, tokens) {
  return new Promise((resolve, reject) => {
    socket = new WebSocket(url, { perMessageDeflate: false });
    let subscribed = false;
    socket.on('open', () => {
      socket.send(JSON.stringify({ a: 'subscribe', v: tokens }));
      socket.send(JSON.stringify({ a: 'mode', v: ['full', tokens] }));
    });
    socket.on('message', (data, isBinary) => {
      if (!isBinary) return; // order updates: none in this bench
      // Subscribed once a frame of full packets arrives (the answer to the mode message).
      if (!subscribed && data.length > 4 && data.readUInt16BE(2) === FULL) {
        subscribed = true;
        resolve(data.readUInt16BE(0));
      }
      onFrame(data);
    });
    socket.on('error', reject);
    socket.on('close', (code, why) => {
      if (!subscribed) reject(new Error(`closed ${code} ${why}`));
    });
  });
}

process.on('message', async (command) => {
  if (command.cmd === 'connect') {
    const subscribed = await connect(command.url, command.tokens);
    process.send({ subscribed });
  } else if (command.cmd === 'record') {
    figures = fresh();
    recording = true;
  } else if (command.cmd === 'report') {
    recording = false;
    process.send(figures);
  } else if (command.cmd === 'close') {
    socket?.terminate();
    process.exit(0);
  }
});
