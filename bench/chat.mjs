// Support chat under load: N client sockets (the quotes socket, as the widget holds it) spread
// over A registered accounts, one support agent on the console socket, and clients sending
// through the REST API at a fixed rate. Reports the delay from the send (just before the POST)
// to the `message` frame's arrival at the agent's inbox socket and at the sender's own
// sockets, the server's CPU use and RSS, and every failed handshake or send (counted, never
// retried). Accounts are few by default because registering one costs an argon2id hash; each
// account keeps 20 messages a minute at most, so A × 20 / 60 must exceed the rate × run time
// share (the defaults send 4 messages per account in a 10 s run).
// Usage: [DATABASE_URL=…] node --import tsx bench/chat.mjs [seconds] [clients] [rate] [accounts]
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { authenticator } from 'otplib';
import WebSocket from 'ws';
import { md5 } from '../packages/shared/src/md5.ts';
import { scratchPostgres } from './support/postgres.mjs';
import { cpuSeconds, percentile, root, rssMb, startServer } from './support/server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const clients = Number(process.argv[3] ?? 2000);
const rate = Number(process.argv[4] ?? 200);
const accounts = Number(process.argv[5] ?? 500);
const PORT = 3211;

const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
const { server, base, dataDir } = await startServer({
  port: PORT,
  name: 'bench-chat',
  databaseUrl: scratch?.url ?? '',
});
const cli = (...args) =>
  execFileSync('node', [path.join(root, 'apps/server/bin/sampada.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' },
    encoding: 'utf8',
  }).trim();

const post = async (url, body, token) =>
  (
    await fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
  ).json();

// ---------- Accounts: one multi-use invitation, A registrations, one support agent ----------
const started = Date.now();
const code = cli('invite', 'create', '--advisor', 'advisor@sampada.in', '--uses', String(accounts))
  .split(/\s+/)
  .pop();
const tokens = [];
/** Setup, not the measurement: a registration the busy box sheds (503) is asked again. */
async function register(n) {
  for (let attempt = 0; ; attempt++) {
    const reply = await post('/auth/app/v1/register', {
      username: `+9170${String(10_000_000 + n).slice(-8)}`,
      password: md5('bench-pass-1'),
      invite_code: code,
    });
    if (reply.code !== 503 || attempt === 5) return reply;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
for (let i = 0; i < accounts; i += 10) {
  const batch = Array.from({ length: Math.min(10, accounts - i) }, (_, k) => register(i + k));
  for (const reply of await Promise.all(batch)) {
    if (reply.code !== 200) throw new Error(`register: ${JSON.stringify(reply)}`);
    tokens.push(reply.data.access_token);
  }
}
const agentEmail = 'bench-agent@firm.test';
cli('staff', 'create', '--email', agentEmail, '--role', 'support', '--password', 'Bench-agent-1');
const challenge = (
  await post('/console/api/v1/auth/sign-in', { email: agentEmail, password: md5('Bench-agent-1') })
).data;
const agentToken = (
  await post('/console/api/v1/auth/verify', {
    challenge_token: challenge.challenge_token,
    code: authenticator.generate(challenge.enrolment.secret),
  })
).data.token;
const setupSeconds = (Date.now() - started) / 1000;

// ---------- Sockets ----------
const sentAt = new Map();
const toAgent = [];
const toClient = [];
let failed = 0;
let recording = false;

function open(path, token, onMessage) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}${path}`);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type === 'ready') resolve(socket);
      else if (frame.type === 'ping') socket.send('{"type":"pong"}');
      else if (frame.type === 'chat' && frame.event === 'message' && recording) onMessage(frame);
    });
    socket.on('error', reject);
    socket.on('close', (code) => reject(new Error(`closed with ${code}`)));
  });
}

const arrival = (into) => (frame) => {
  const at = sentAt.get(frame.message.id);
  if (at !== undefined) into.push(performance.now() - at);
};

const agent = await open('/ws/console/v1', agentToken, arrival(toAgent));
const sockets = [];
for (let i = 0; i < clients; i += 100) {
  const batch = Array.from({ length: Math.min(100, clients - i) }, (_, k) =>
    open('/ws/app/v1', tokens[(i + k) % accounts], arrival(toClient)).catch(() => {
      failed++;
      return null;
    }),
  );
  sockets.push(...(await Promise.all(batch)).filter(Boolean));
}
await new Promise((r) => setTimeout(r, 2000));

// ---------- Load: `rate` sends a second, round-robin over the accounts ----------
let sent = 0;
let refused = 0;
const reasons = new Map();
const refuse = (reason) => {
  refused++;
  reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
};
const cpuBefore = cpuSeconds(server.pid);
const t0 = Date.now();
recording = true;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 500);
const inFlight = [];
const tickMs = 50;
const perTick = (rate * tickMs) / 1000;
let owed = 0;
await new Promise((resolve) => {
  const timer = setInterval(() => {
    if (Date.now() - t0 >= seconds * 1000) {
      clearInterval(timer);
      resolve();
      return;
    }
    owed += perTick;
    for (; owed >= 1; owed--) {
      const id = randomUUID();
      const token = tokens[sent % accounts];
      sent++;
      sentAt.set(id, performance.now());
      inFlight.push(
        post('/chat/app/v1/messages', { id, text: `Bench message ${sent}` }, token).then(
          (reply) => {
            if (reply.code !== 200) refuse(reply.message);
          },
          (error) => refuse(String(error?.cause ?? error)),
        ),
      );
    }
  }, tickMs);
});
await Promise.all(inFlight);
await new Promise((r) => setTimeout(r, 1000));
recording = false;
clearInterval(sampler);
const elapsed = (Date.now() - t0) / 1000;
const cpu = (cpuSeconds(server.pid) - cpuBefore) / elapsed;
const rows = [];
for (const [to, values] of [
  ['agent inbox socket', toAgent],
  ["sender's sockets", toClient],
]) {
  const sorted = values.sort((a, b) => a - b);
  rows.push({
    to,
    deliveries: sorted.length,
    'p50 ms': Math.round(percentile(sorted, 50)),
    'p99 ms': Math.round(percentile(sorted, 99)),
    'max ms': Math.round(sorted.at(-1) ?? NaN),
  });
}
agent.terminate();
sockets.forEach((s) => s.terminate());
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await scratch?.drop();
console.log(
  `\nSupport chat: ${sockets.length} client sockets over ${accounts} accounts + 1 agent, ${sent} messages in ${elapsed.toFixed(1)} s (${Math.round(sent / elapsed)}/s asked ${rate}/s), ${scratch ? 'PostgreSQL' : 'embedded database'}; setup ${setupSeconds.toFixed(0)} s`,
);
console.table(rows);
console.table([
  {
    'server CPU (cores)': cpu.toFixed(2),
    'server RSS peak MB': Math.round(peakRss),
    'failed handshakes': failed,
    'refused or failed sends': refused,
  },
]);
if (reasons.size) console.log('refusals:', Object.fromEntries(reasons));
process.exit(0);
