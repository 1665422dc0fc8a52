/**
 * An open socket dies with its session (issue 32): after logout, a password change or a reset
 * token reused, every `/ws/app/v1` socket of that session — which also carries the support
 * chat — closes with 4401, on whichever instance holds it, without waiting for a heartbeat;
 * a subscribe on a session that has ended is refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { md5 } from '@sampada/shared';
import { buildTestApp, signUpClient, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let second: TestApp | null = null;
beforeAll(async () => {
  t = await buildTestApp();
  // Another instance hears the first one's revocations only through Redis.
  if (process.env.REDIS_URL) second = await buildTestApp({ sharing: t });
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

type Live = {
  socket: WebSocket;
  frames: Record<string, unknown>[];
  closed: Promise<{ code: number; at: number }>;
  next: (type: string) => Promise<Record<string, unknown>>;
};

/** A signed-in quotes socket on `app`, once it has answered `ready`. */
async function signedInSocket(app: TestApp, token: string): Promise<Live> {
  const socket = new WebSocket(`${app.baseUrl.replace('http', 'ws')}/ws/app/v1`);
  const frames: Record<string, unknown>[] = [];
  const waiting: { type: string; resolve: (f: Record<string, unknown>) => void }[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as Record<string, unknown>;
    // Answered as the app does, so a short heartbeat never drops the socket as silent.
    if (frame.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    frames.push(frame);
    for (const w of waiting.filter((x) => x.type === frame.type)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(frame);
    }
  });
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.on('close', (code) => resolve({ code, at: Date.now() })),
  );
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const seen = frames.find((f) => f.type === type);
      if (seen) resolve(seen);
      else waiting.push({ type, resolve });
    });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  await next('ready');
  return { socket, frames, closed, next };
}

/** Issue 32: "revocation closes the client's sockets on every instance within 2 s". */
const CLOSED_WITHIN_MS = 2000;

/** The socket closed with 4401 within issue 32's 2 s of `started`; prints the figure. */
async function closedInTime(live: Live, started: number, what: string) {
  const { code, at } = await live.closed;
  console.info(`${what}: closed ${at - started} ms after the request`);
  expect(code).toBe(4401);
  expect(at - started).toBeLessThan(CLOSED_WITHIN_MS);
}

const instances = () => [t, ...(second ? [second] : [])];

describe('an open socket dies with its session', () => {
  it('logout closes every socket of that session with 4401 on every instance, long before a heartbeat', async () => {
    const client = await signUpClient(t);
    const sockets = await Promise.all(instances().map((app) => signedInSocket(app, client.token)));
    const started = Date.now();
    expect((await t.api.post('/auth/app/v1/logout', undefined, client.token)).status).toBe(200);
    for (const [i, live] of sockets.entries()) {
      const { code, at } = await live.closed;
      expect(code).toBe(4401);
      // Issue 32's figure: closed within 2 s of the logout's request on every instance. The
      // heartbeat would find it only after up to 15 s: this was the bus.
      console.info(`socket on instance ${i + 1} closed ${at - started} ms after the logout`);
      expect(at - started).toBeLessThan(CLOSED_WITHIN_MS);
      expect(live.frames.at(-1)).toMatchObject({ type: 'error' });
    }
  });

  it('a password change on one instance closes the sockets of every session on the other', async () => {
    const client = await signUpClient(t);
    const other = await t.api.post<{ access_token: string }>('/auth/app/v1/login', {
      username: client.mobile,
      password: md5(client.password),
    });
    const holder = second ?? t;
    const first = await signedInSocket(holder, client.token);
    const otherSocket = await signedInSocket(holder, other.body.data.access_token);
    const started = Date.now();
    const changed = await t.api.post(
      '/auth/app/v1/change_pwd',
      { old_password: md5(client.password), new_password: md5('another-secret-2') },
      client.token,
    );
    expect(changed.status).toBe(200);
    await closedInTime(first, started, 'password change, this session');
    await closedInTime(otherSocket, started, 'password change, the other session');
  });

  it('a password reset on one instance closes the sockets of every session on the other', async () => {
    const client = await signUpClient(t);
    const live = await signedInSocket(second ?? t, client.token);
    const { code } = await t.ctx.auth.issueResetCode(client.mobile, { type: 'system', id: 'test' });
    const verified = await t.api.post<{ reset_token: string }>('/client/app/v1/code', {
      email: `+91${client.mobile}`,
      code,
    });
    const started = Date.now();
    const reset = await t.api.post('/auth/app/v1/reset_pwd', {
      username: `+91${client.mobile}`,
      password: md5('brandnew1'),
      reset_token: verified.body.data.reset_token,
    });
    expect(reset.status).toBe(200);
    await closedInTime(live, started, 'password reset');
  });

  it("ending one session leaves the client's other sessions' sockets open", async () => {
    const client = await signUpClient(t);
    const other = await t.api.post<{ access_token: string }>('/auth/app/v1/login', {
      username: client.mobile,
      password: md5(client.password),
    });
    const ending = await signedInSocket(second ?? t, client.token);
    const staying = await signedInSocket(second ?? t, other.body.data.access_token);
    await t.api.post('/auth/app/v1/logout', undefined, client.token);
    expect((await ending.closed).code).toBe(4401);
    // Still served: a subscribe on the live session is answered with its snapshot.
    staying.socket.send(JSON.stringify({ type: 'subscribe', symbols: ['TCS'] }));
    expect((await staying.next('snapshot')).type).toBe('snapshot');
    staying.socket.close();
  });

  it('ending a session from the sessions list closes its socket on the other instance', async () => {
    const client = await signUpClient(t);
    const phone = await t.api.post<{ access_token: string }>('/auth/app/v1/login', {
      username: client.mobile,
      password: md5(client.password),
    });
    const live = await signedInSocket(second ?? t, phone.body.data.access_token);
    const list = await t.api.get<{ id: string; current: boolean }[]>(
      '/client/app/v1/sessions',
      client.token,
    );
    const other = list.body.data.find((s) => !s.current)!;
    const started = Date.now();
    expect((await t.api.del(`/client/app/v1/sessions/${other.id}`, client.token)).status).toBe(200);
    await closedInTime(live, started, 'session ended from the list');
  });

  it('a subscribe on a session that ended is refused with 4401, not answered', async () => {
    const client = await signUpClient(t);
    const live = await signedInSocket(t, client.token);
    // Ended behind the hub's back (no bus message): only the subscribe's own check sees it.
    await t.ctx.db.execute(
      sql`update sessions set revoked_at = now() where client_id = ${client.id}`,
    );
    live.socket.send(JSON.stringify({ type: 'subscribe', symbols: ['TCS'] }));
    expect((await live.closed).code).toBe(4401);
    expect(live.frames.some((f) => f.type === 'snapshot')).toBe(false);
  });
});

describe('the heartbeat is the backstop', () => {
  /** An instance whose sockets' heartbeat (ping and session re-check) beats every 200 ms. */
  let beating: TestApp;
  beforeAll(async () => {
    beating = await buildTestApp({ sharing: t, env: { WS_HEARTBEAT_MS: '200' } });
  });
  afterAll(async () => beating.close());

  it("re-checks the sessions and closes a socket whose session was revoked behind the hub's back", async () => {
    const client = await signUpClient(t);
    const live = await signedInSocket(beating, client.token);
    // No bus message and no frame from the client: only the heartbeat's re-check can see it.
    await t.ctx.db.execute(
      sql`update sessions set revoked_at = now() where client_id = ${client.id}`,
    );
    const started = Date.now();
    const { code, at } = await live.closed;
    console.info(
      `heartbeat re-check (200 ms beat): closed ${at - started} ms after the revocation`,
    );
    expect(code).toBe(4401);
    expect(live.frames.some((f) => f.type === 'ping')).toBe(true);
    expect(live.frames.at(-1)).toMatchObject({ type: 'error' });
  });
});
