// The app's own quote socket in bench/connect.mjs: the same instruments as the Kite-ticker
// connection, on as many `/ws/app/v1` sockets as the app's 200-symbol limit needs, in this
// process of its own. Each quote's delay is measured from its tick (`updated_at`, stamped by the
// server) to its arrival, as bench/support/ws-clients.mjs does; and each (symbol, cumulative
// volume) seen is kept with its `updated_at`, the time of the engine step that printed it, so
// the parent can time the Kite packets of the same steps. Driven over IPC by the parent:
//   {cmd:'connect', url, token, symbols, perSocket} → {sockets}   {cmd:'record'}
//   {cmd:'report'} → figures   {cmd:'close'} → exits.
import WebSocket from 'ws';

const MAX_MS = 60_000;
let sockets = [];
let recording = false;
let figures = fresh();

function fresh() {
  return {
    messages: 0,
    quotes: 0,
    bytes: 0,
    dropped: 0,
    histogram: new Array(MAX_MS + 1).fill(0),
    steps: new Map(),
  };
}

function open(url, token, symbols) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let ready = false;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (raw) => {
      const now = Date.now();
      const message = JSON.parse(raw.toString());
      if (message.type === 'ticks') {
        if (!recording) return;
        figures.messages++;
        figures.bytes += raw.length;
        for (const quote of message.quotes) {
          if (!quote.updated_at) continue;
          const stamp = Date.parse(quote.updated_at);
          figures.quotes++;
          figures.histogram[Math.max(0, Math.min(MAX_MS, now - stamp))]++;
          if (quote.volume !== undefined) {
            const key = `${quote.symbol}|${quote.volume}`;
            if (!figures.steps.has(key)) figures.steps.set(key, stamp);
          }
        }
      } else if (message.type === 'ping') socket.send('{"type":"pong"}');
      else if (message.type === 'ready')
        socket.send(JSON.stringify({ type: 'subscribe', symbols }));
      else if (message.type === 'snapshot' && !ready) {
        ready = true;
        resolve(socket);
      } else if (message.type === 'error') reject(new Error(message.message));
    });
    socket.on('error', reject);
    socket.on('close', (code) => {
      if (ready && recording) figures.dropped++;
      if (!ready) reject(new Error(`closed ${code}`));
    });
  });
}

process.on('message', async (command) => {
  if (command.cmd === 'connect') {
    const { url, token, symbols, perSocket } = command;
    for (let i = 0; i < symbols.length; i += perSocket)
      sockets.push(await open(url, token, symbols.slice(i, i + perSocket)));
    process.send({ sockets: sockets.length });
  } else if (command.cmd === 'record') {
    figures = fresh();
    recording = true;
  } else if (command.cmd === 'report') {
    recording = false;
    process.send({ ...figures, steps: [...figures.steps] });
  } else if (command.cmd === 'close') {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
