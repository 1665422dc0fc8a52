/**
 * Several instances serve one firm (issue 21): three server processes on one PostgreSQL and one
 * Redis. One leads (the advisory lock) and runs the market; a client on another instance gets
 * its quotes over Redis. A support chat message sent on one instance reaches the agent's inbox
 * socket on another and the reply comes back across; a price alert fired by the leader reaches
 * the client's socket on another instance; the chat's 20 messages a minute hold across
 * instances. The leader is killed with SIGKILL: another instance takes over and the client
 * keeps receiving quotes within 10 s, from the saved state. A session and the sign-in limit
 * hold across instances. Slow: it spawns real servers. Needs DATABASE_URL and REDIS_URL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { CHAT_RATE_PER_MINUTE, md5, SM, type TQuote } from '@sampada/shared';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freshPostgresDatabase } from '../test/helpers.ts';
import {
  call,
  isAnswer,
  newDataDir,
  signInDemoClient,
  signInDemoStaff,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
import { openSocket } from '../modules/support/test-fixtures.ts';

const shared = process.env.DATABASE_URL && process.env.REDIS_URL;
const servers: ServerProcess[] = [];
const folders: string[] = [];
let drop = async () => {};
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await drop();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

const leads = (server: ServerProcess) => server.output().includes('market engine running');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, ok: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!shared)('three instances on one PostgreSQL and one Redis', () => {
  it('chat, alerts and the market cross instances, also after the leader’s SIGKILL; sessions and limits hold', async () => {
    const database = await freshPostgresDatabase();
    drop = database.drop;
    // One deployment: the same keys on every instance, the real (unscaled) request limits.
    const env = (seed: boolean) => ({
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL!,
      JWT_SECRET: sharedSecret,
      DATA_KEY: dataKey,
      STOCK_API_KEY: 'several-instances-test-key',
      SEED_DEMO: String(seed),
      RATE_LIMIT_SCALE: '1',
      LOG_LEVEL: 'info', // "market engine running" tells the leader
    });
    const start = async (seed: boolean) => {
      const dir = newDataDir('sampada-instance-');
      folders.push(dir);
      const server = await startServerProcess(dir, env(seed));
      servers.push(server);
      return server;
    };
    const first = await start(true);
    await until('a leader', () => leads(first), 120_000);
    const [second, third] = [await start(false), await start(false)];
    await sleep(1_000);
    expect(servers.filter(leads)).toEqual([first]);

    // A client on the second instance watches a few stocks.
    const token = await signInDemoClient(second.baseUrl);
    const ticks: number[] = [];
    const frames: Frame[] = [];
    const watched = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'SBIN'];
    const prices = new Map<string, number>();
    const socket = new WebSocket(`${second.baseUrl.replace('http', 'ws')}/ws/app/v1`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as Frame;
        frames.push(frame);
        if (frame.type === 'ready')
          socket.send(JSON.stringify({ type: 'subscribe', symbols: [...watched, 'NIFTY50'] }));
        for (const q of frame.quotes ?? [])
          if (q.price !== undefined) prices.set(q.symbol, q.price);
        if (frame.type === 'snapshot') resolve();
        if (frame.type === 'ticks') ticks.push(Date.now());
      });
      socket.once('error', reject);
    });
    await until('quotes relayed from the leader', () => ticks.length > 0, 15_000);

    // Chat: the client writes on the second instance; the agent's inbox is on the third.
    const agent = await signInDemoStaff(third.baseUrl, 'support@sampada.in');
    const inbox = await openSocket(third.baseUrl, '/ws/console/v1', agent);
    const chatOf = (list: unknown[]) =>
      (list as Frame[]).filter((f) => f.type === 'chat' && f.event === 'message') as ChatFrame[];
    const chatSentAt = Date.now();
    const sent = await call(second.baseUrl, 'POST', '/chat/app/v1/messages', {
      token,
      json: { id: randomUUID(), text: 'Across instances?' },
    });
    expect(isAnswer(sent) && sent.status).toBe(200);
    await until(
      'the message in the inbox on the third instance',
      () => chatOf(inbox.frames).length > 0,
      10_000,
    );
    const heard = chatOf(inbox.frames)[0]!;
    expect(heard.message.text).toBe('Across instances?');
    // The agent replies on the third instance; the client's socket on the second hears it.
    const replied = await call(
      third.baseUrl,
      'POST',
      `/console/api/v1/support/conversations/${heard.conversation_id}/messages`,
      { token: agent, json: { id: randomUUID(), text: 'Yes, from instance three.' } },
    );
    expect(isAnswer(replied) && replied.status).toBe(200);
    await until(
      'the reply on the client’s socket on the second instance',
      () => chatOf(frames).some((f) => f.message.text === 'Yes, from instance three.'),
      10_000,
    );
    const chatCrossedIn = Date.now() - chatSentAt;
    inbox.close();

    // The chat's limit (20 messages a minute) counts across instances: alternate.
    const chatStatuses: number[] = [];
    for (let i = 1; i <= CHAT_RATE_PER_MINUTE; i++) {
      const reply = await call(
        i % 2 ? third.baseUrl : second.baseUrl,
        'POST',
        '/chat/app/v1/messages',
        {
          token,
          json: { id: randomUUID(), text: `message ${i}` },
        },
      );
      chatStatuses.push(isAnswer(reply) ? reply.status : 0);
      if (isAnswer(reply) && reply.status === 429) expect(reply.body.message).toBe(SM.tooFast);
    }
    // The first message above was one of the twenty.
    expect(chatStatuses).toEqual([...Array(CHAT_RATE_PER_MINUTE - 1).fill(200), 429]);

    // A price alert set on the third instance, fired by the leader (the first), reaches the
    // client's socket on the second: a paisa either side of the last price of five stocks.
    const alertsSetAt = Date.now();
    for (const symbol of watched) {
      const last = prices.get(symbol)!;
      for (const [direction, price] of [
        ['above', last + 0.01],
        ['below', last - 0.01],
      ] as const) {
        const set = await call(third.baseUrl, 'POST', '/market/app/v1/alerts', {
          token,
          json: { symbol, direction, price: price.toFixed(2) },
        });
        // A price that moved past it meanwhile is refused with the new price: fine, the other
        // side or another stock fires.
        expect(isAnswer(set) && [200, 400].includes(set.status)).toBe(true);
      }
    }
    await until(
      'a fired alert on the second instance',
      () => frames.some((f) => f.type === 'alert'),
      60_000,
    );
    expect(leads(first)).toBe(true);
    const alert = frames.find((f) => f.type === 'alert')!.alert!;
    expect(alert).toMatchObject({ status: 'triggered' });
    expect(watched).toContain(alert.symbol);
    console.info(
      `chat message and reply crossed instances in ${chatCrossedIn} ms; ` +
        `an alert fired on the leader reached the other instance's socket ${Date.now() - alertsSetAt} ms after being set`,
    );

    // The leader dies without a word.
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await first.exited;
    await until('quotes again after the leader died', () => ticks.at(-1)! > killedAt + 500, 20_000);
    const resumedAfter = ticks.find((at) => at > killedAt + 500)! - killedAt;
    expect(resumedAfter).toBeLessThan(10_000);
    expect([second, third].filter(leads)).toHaveLength(1);
    console.info(`quotes resumed ${resumedAfter} ms after the leader's SIGKILL`);
    socket.close();

    // A session made on one instance holds on another.
    const info = await call(third.baseUrl, 'GET', '/auth/app/v1/client_info', { token });
    expect(isAnswer(info) && info.status).toBe(200);

    // The sign-in limit (20 a minute from one address) counts across instances: alternate, and
    // each answer's remaining count is one less than the other instance's before it. The window
    // starts at the address's first sign-in above, so on a slow box it may end mid-loop: the
    // count then starts again at the top, which is the limiter's rule, not a leak.
    const remaining: number[] = [];
    let refusedAt = -1;
    for (let i = 0; i < 60 && refusedAt < 0; i++) {
      const target = i % 2 ? third : second;
      const reply = await call(target.baseUrl, 'POST', '/auth/app/v1/login', {
        // A new mobile each time, so that only the per-address limit is in play.
        json: { username: `+9190000${String(i).padStart(5, '0')}`, password: md5('wrong') },
      });
      if (!isAnswer(reply)) throw new Error(`sign-in ${i}: ${JSON.stringify(reply)}`);
      if (reply.status === 429) refusedAt = i;
      else remaining.push(Number(reply.headers['x-ratelimit-remaining']));
    }
    expect(refusedAt).toBeGreaterThan(0);
    // Refused right after the shared count reached 0 …
    expect(remaining.at(-1)).toBe(0);
    // … and within a window every answer, whichever instance gave it, counted one more.
    for (let i = 1; i < remaining.length; i++) {
      const windowStarted = remaining[i]! > remaining[i - 1]!;
      if (!windowStarted) expect(remaining[i]).toBe(remaining[i - 1]! - 1);
    }
    expect(
      remaining.filter((left, i) => i > 0 && left > remaining[i - 1]!).length,
    ).toBeLessThanOrEqual(1);
  }, 300_000);
});

type Frame = {
  type: string;
  event?: string;
  quotes?: (Partial<TQuote> & { symbol: string })[];
  alert?: { symbol: string; status: string };
};
type ChatFrame = Frame & { conversation_id: string; message: { text: string } };

const sharedSecret = randomBytes(32).toString('hex');
const dataKey = randomBytes(32).toString('hex');
