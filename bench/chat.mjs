// Support chat under load: N client sockets (the quotes socket, as the widget holds it) spread
// over A registered accounts, one support agent on the console socket, and clients sending
// through the REST API at a fixed rate. Reports the delay from the send (just before the POST)
// to the `message` frame's arrival at the agent's inbox socket and at the sender's own
// sockets, the server's CPU use and RSS, the bench's own CPU (a saturated load generator would
// show there), and every failed handshake or send (counted, never retried). Accounts are few by
// default because registering one costs an argon2id hash; each account keeps 20 messages a
// minute at most, so A × 20 / 60 must exceed the rate × run time share (the defaults send 4
// messages per account in a 10 s run).
// The same sockets and sends first go to a bare baseline in its own process
// (bench/support/bare-chat.mjs: node:http and a raw `ws` broadcast, no database), and the
// server's p99 is printed as a multiple of the baseline's, measured in the same run.
// BENCH_PORT moves the ports (the server's, and the baseline's one above).
// Usage: [DATABASE_URL=…] node --import tsx bench/chat.mjs [seconds] [clients] [rate] [accounts]
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { authenticator } from 'otplib';
import WebSocket from 'ws';
import { md5 } from '../packages/shared/src/md5.ts';
import { scratchPostgres } from './support/postgres.mjs';
import {
  cpuSeconds,
  descendantsCpuSeconds,
  percentile,
  root,
  rssMb,
  startServer,
} from './support/server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const clients = Number(process.argv[3] ?? 2000);
const rate = Number(process.argv[4] ?? 200);
const accounts = Number(process.argv[5] ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 3211);

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

const post = async (to, url, body, token) =>
  (
    await fetch(`${to}${url}`, {
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
    const reply = await post(base, '/auth/app/v1/register', {
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
  await post(base, '/console/api/v1/auth/sign-in', {
    email: agentEmail,
    password: md5('Bench-agent-1'),
  })
).data;
const agentToken = (
  await post(base, '/console/api/v1/auth/verify', {
    challenge_token: challenge.challenge_token,
    code: authenticator.generate(challenge.enrolment.secret),
  })
).data.token;
const setupSeconds = (Date.now() - started) / 1000;

// ---------- One measurement: sockets, then `rate` sends a second ----------
/**
 * Opens the agent's socket and `clients` client sockets (token i % accounts), then sends `rate`
 * messages a second for `seconds`, round-robin over the accounts, and measures each message's
 * delay from just before its POST to its `message` frame at the agent's socket and at the
 * sender's sockets. Nothing refused or failed is retried. `pid` is the server's, for its CPU
 * and RSS; the bench's own CPU is measured too, so a saturated load generator shows.
 */
async function measure({ label, base, clientPath, agentPath, clientTokens, agentToken, pid }) {
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

  const agent = await open(agentPath, agentToken, arrival(toAgent));
  const sockets = [];
  for (let i = 0; i < clients; i += 100) {
    const batch = Array.from({ length: Math.min(100, clients - i) }, (_, k) =>
      open(clientPath, clientTokens[(i + k) % clientTokens.length], arrival(toClient)).catch(() => {
        failed++;
        return null;
      }),
    );
    sockets.push(...(await Promise.all(batch)).filter(Boolean));
  }
  await new Promise((r) => setTimeout(r, 2000));

  let sent = 0;
  let refused = 0;
  const reasons = new Map();
  const refuse = (reason) => {
    refused++;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  };
  const cpuBefore = cpuSeconds(pid);
  const dbCpuBefore = descendantsCpuSeconds(pid);
  const benchCpuBefore = process.cpuUsage();
  const t0 = Date.now();
  recording = true;
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 500);
  const inFlight = [];
  // What is owed follows the clock, not the timer's ticks: a late tick sends what it missed.
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = Date.now() - t0;
      if (now >= seconds * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      for (const owed = Math.floor((now / 1000) * rate); sent < owed;) {
        const id = randomUUID();
        const token = clientTokens[sent % clientTokens.length];
        sent++;
        sentAt.set(id, performance.now());
        inFlight.push(
          post(base, '/chat/app/v1/messages', { id, text: `Bench message ${sent}` }, token).then(
            (reply) => {
              if (reply.code !== 200) refuse(`${reply.code} ${reply.message}`);
            },
            (error) => refuse(String(error?.cause ?? error)),
          ),
        );
      }
    }, 20);
  });
  await Promise.all(inFlight);
  await new Promise((r) => setTimeout(r, 1000));
  recording = false;
  clearInterval(sampler);
  const elapsed = (Date.now() - t0) / 1000;
  const cpu = (cpuSeconds(pid) - cpuBefore) / elapsed;
  const dbCpu = (descendantsCpuSeconds(pid) - dbCpuBefore) / elapsed;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const rows = [];
  for (const [to, values] of [
    ['agent inbox socket', toAgent],
    ["sender's sockets", toClient],
  ]) {
    const sorted = values.sort((a, b) => a - b);
    rows.push({
      run: label,
      to,
      deliveries: sorted.length,
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p99 ms': Math.round(percentile(sorted, 99)),
      'max ms': Math.round(sorted.at(-1) ?? NaN),
    });
  }
  agent.terminate();
  sockets.forEach((s) => s.terminate());
  return {
    label,
    rows,
    sent,
    stored: sent - refused,
    sockets: sockets.length,
    agentP99: rows[0]['p99 ms'],
    resources: {
      run: label,
      'sent /s': Math.round(sent / seconds),
      'server CPU (cores)': cpu.toFixed(2),
      'server RSS peak MB': Math.round(peakRss),
      'its database CPU (cores)': scratch ? 'not measured' : dbCpu.toFixed(2),
      'bench CPU (cores)': ((benchCpu.user + benchCpu.system) / 1e6 / elapsed).toFixed(2),
      'failed handshakes': failed,
      'refused or failed sends': refused,
    },
    reasons: Object.fromEntries(reasons),
  };
}

// ---------- The bare baseline first (its own process), then the server ----------
const bareBase = `http://127.0.0.1:${PORT + 1}`;
const bare = spawn('node', [path.join(root, 'bench/support/bare-chat.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT + 1) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => bare.kill('SIGTERM'));
for (let i = 0; ; i++) {
  try {
    if ((await fetch(bareBase)).ok) break;
  } catch {
    if (i > 50) throw new Error('the bare chat server never answered');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const baseline = await measure({
  label: 'bare ws + http (baseline)',
  base: bareBase,
  clientPath: '/',
  agentPath: '/',
  clientTokens: Array.from({ length: accounts }, (_, i) => `client-${i}`),
  agentToken: 'agent',
  pid: bare.pid,
});
bare.kill('SIGTERM');
const app = await measure({
  label: 'Sampada',
  base,
  clientPath: '/ws/app/v1',
  agentPath: '/ws/console/v1',
  clientTokens: tokens,
  agentToken,
  pid: server.pid,
});
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await scratch?.drop();
console.log(
  `\nSupport chat: ${app.sockets} client sockets over ${accounts} accounts + 1 agent, ${rate} messages/s asked for ${seconds} s, ${scratch ? 'PostgreSQL' : 'embedded database'}; setup ${setupSeconds.toFixed(0)} s`,
);
console.table([...baseline.rows, ...app.rows]);
console.table([baseline.resources, app.resources]);
for (const run of [baseline, app])
  if (Object.keys(run.reasons).length) console.log(`${run.label} refusals:`, run.reasons);
console.log(
  `Stored ${app.stored} of ${app.sent}; agent-socket p99 ${app.agentP99} ms = ${(app.agentP99 / Math.max(baseline.agentP99, 1)).toFixed(1)}× the bare server's ${baseline.agentP99} ms`,
);
process.exit(0);
