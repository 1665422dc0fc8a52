/**
 * deploy/haproxy.cfg works (issue 21): Debian's HAProxy in front of three instances on one
 * PostgreSQL and one Redis. Requests and a WebSocket go through it; an instance told to stop
 * (SIGTERM) turns /ready 503, HAProxy takes it out of rotation during its drain delay, and a
 * client calling all along sees no error. Skipped where HAProxy or the shared services are
 * missing (CI installs Debian's haproxy).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
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

const HAPROXY = '/usr/sbin/haproxy';
const config = path.resolve(import.meta.dirname, '../../../../deploy/haproxy.cfg');
const ready = existsSync(HAPROXY) && process.env.DATABASE_URL && process.env.REDIS_URL;

const servers: ServerProcess[] = [];
const folders: string[] = [];
let proxy: ChildProcess | null = null;
let drop = async () => {};
afterAll(async () => {
  proxy?.kill('SIGKILL');
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await drop();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!ready)('deploy/haproxy.cfg in front of three instances', () => {
  it('routes requests and WebSockets, and drains an instance without a client seeing an error', async () => {
    const database = await freshPostgresDatabase();
    drop = database.drop;
    const keys = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_KEY: randomBytes(32).toString('hex'),
      STOCK_API_KEY: 'load-balancer-test-key',
    };
    for (const seed of [true, false, false]) {
      const dir = newDataDir('sampada-balanced-');
      folders.push(dir);
      servers.push(
        await startServerProcess(dir, {
          DATABASE_URL: database.url,
          REDIS_URL: process.env.REDIS_URL!,
          ...keys,
          SEED_DEMO: String(seed),
          TRUST_PROXY: 'true',
          DRAIN_DELAY_MS: '4000',
        }),
      );
    }
    const bind = `127.0.0.1:${await freePort()}`;
    proxy = spawn(HAPROXY, ['-db', '-f', config], {
      env: {
        ...process.env,
        SAMPADA_BIND: bind,
        ...Object.fromEntries(
          servers.map((s, i) => [`SAMPADA_${i + 1}`, s.baseUrl.replace('http://', '')]),
        ),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let proxyErrors = '';
    proxy.stderr!.on('data', (chunk: Buffer) => (proxyErrors += chunk.toString()));
    const base = `http://${bind}`;
    let health = await call(base, 'GET', '/ready');
    for (let i = 0; i < 100 && !(isAnswer(health) && health.status === 200); i++) {
      await sleep(100);
      health = await call(base, 'GET', '/ready');
    }
    expect(health, proxyErrors).toMatchObject({ status: 200 });

    // A WebSocket upgrades through the proxy.
    const token = await signInDemoClient(base);
    const socket = new WebSocket(`ws://${bind}/ws/app/v1`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      socket.on('message', (raw) => {
        if ((JSON.parse(String(raw)) as { type: string }).type === 'ready') resolve();
      });
      socket.once('error', reject);
    });
    socket.close();

    // A client calls through the proxy all along while one instance drains and stops.
    const answers: number[] = [];
    let calling = true;
    const caller = (async () => {
      while (calling) {
        const reply = await call(base, 'GET', '/auth/app/v1/client_info', { token });
        answers.push(isAnswer(reply) ? reply.status : 0);
      }
    })();
    await sleep(1_000);
    servers[1]!.child.kill('SIGTERM');
    expect(await servers[1]!.exited).toMatchObject({ code: 0 });
    await sleep(1_000);
    calling = false;
    await caller;
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
  }, 300_000);
});
