/**
 * Several instances serve one firm (issue 21): three server processes on one PostgreSQL and one
 * Redis. One leads (the advisory lock) and runs the market; a client on another instance gets
 * its quotes over Redis. The leader is killed with SIGKILL: another instance takes over and
 * the client keeps receiving quotes within 10 s, from the saved state. A session and a rate
 * limit hold across instances. Slow: it spawns real servers. Needs DATABASE_URL and REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { md5 } from '@sampada/shared';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freshPostgresDatabase } from '../test/helpers.ts';
import {
  call,
  isAnswer,
  newDataDir,
  signInDemoClient,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';

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
  it('the market goes on within 10 s of the leader’s SIGKILL; sessions and limits cross instances', async () => {
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

    // A client on the second instance watches RELIANCE.
    const token = await signInDemoClient(second.baseUrl);
    const ticks: number[] = [];
    const socket = new WebSocket(`${second.baseUrl.replace('http', 'ws')}/ws/app/v1`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { type: string };
        if (frame.type === 'ready')
          socket.send(JSON.stringify({ type: 'subscribe', symbols: ['RELIANCE', 'NIFTY50'] }));
        if (frame.type === 'snapshot') resolve();
        if (frame.type === 'ticks') ticks.push(Date.now());
      });
      socket.once('error', reject);
    });
    await until('quotes relayed from the leader', () => ticks.length > 0, 15_000);

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

    // The sign-in limit (20 a minute from one address) counts across instances: alternate.
    let refusedAt = -1;
    for (let i = 0; i < 40 && refusedAt < 0; i++) {
      const target = i % 2 ? third : second;
      const reply = await call(target.baseUrl, 'POST', '/auth/app/v1/login', {
        // A new mobile each time, so that only the per-address limit is in play.
        json: { username: `+9190000${String(i).padStart(5, '0')}`, password: md5('wrong') },
      });
      if (isAnswer(reply) && reply.status === 429) refusedAt = i;
    }
    // One login above already counted; per instance, the first 429 would come only at ~40.
    expect(refusedAt).toBeGreaterThan(10);
    expect(refusedAt).toBeLessThanOrEqual(20);
  }, 300_000);
});

const sharedSecret = randomBytes(32).toString('hex');
const dataKey = randomBytes(32).toString('hex');
