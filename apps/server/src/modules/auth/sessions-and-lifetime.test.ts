/**
 * Sessions a client can see and end, an absolute lifetime no refresh extends, and two tabs
 * refreshing with one token at once (issue 32), over real HTTP on real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, type TAuthData, type TClientSession } from '@sampada/shared';
import { MINUTE } from '../../platform/clock.ts';
import { buildTestApp, signUpClient, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
/** A day in seconds, as the token lifetimes are counted; spelled out from the clock's minute. */
const DAY_S = (24 * 60 * MINUTE) / 1000;

async function secondSession(mobile: string, password: string) {
  const reply = await t.api.post<TAuthData>(
    '/auth/app/v1/login',
    { username: mobile, password: md5(password) },
    undefined,
    { 'user-agent': PHONE },
  );
  return reply.body.data;
}
const refresh = (token: string) => t.api.post<TAuthData>('/auth/app/v1/refresh', undefined, token);

describe('sessions and devices', () => {
  it('lists the live sessions with device, browser and which one is asking', async () => {
    const client = await signUpClient(t);
    const phone = await secondSession(client.mobile, client.password);
    const list = await t.api.get<TClientSession[]>('/client/app/v1/sessions', client.token);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const current = list.body.data.find((s) => s.current)!;
    const other = list.body.data.find((s) => !s.current)!;
    expect(current.ip).toBe('127.0.0.1');
    expect(other).toMatchObject({ device: 'Android', browser: 'Chrome', place: null });
    // Ending it from here: its tokens stop at once.
    const ended = await t.api.del(`/client/app/v1/sessions/${other.id}`, client.token);
    expect(ended.status).toBe(200);
    expect((await t.api.get('/auth/app/v1/client_info', phone.access_token)).status).toBe(401);
    expect((await refresh(phone.refresh_token)).status).toBe(401);
    expect(
      (await t.api.get<TClientSession[]>('/client/app/v1/sessions', client.token)).body.data,
    ).toHaveLength(1);
  });

  it("a client cannot end another client's session", async () => {
    const mine = await signUpClient(t);
    const theirs = await signUpClient(t);
    const [their] = (await t.api.get<TClientSession[]>('/client/app/v1/sessions', theirs.token))
      .body.data;
    expect((await t.api.del(`/client/app/v1/sessions/${their!.id}`, mine.token)).status).toBe(404);
    expect((await t.api.get('/auth/app/v1/client_info', theirs.token)).status).toBe(200);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const client = await signUpClient(t);
    const a = await secondSession(client.mobile, client.password);
    const b = await secondSession(client.mobile, client.password);
    const reply = await t.api.post<{ ended: number }>(
      '/client/app/v1/sessions/end_others',
      undefined,
      client.token,
    );
    expect(reply.body.data.ended).toBe(2);
    expect((await t.api.get('/auth/app/v1/client_info', a.access_token)).status).toBe(401);
    expect((await t.api.get('/auth/app/v1/client_info', b.access_token)).status).toBe(401);
    expect((await t.api.get('/auth/app/v1/client_info', client.token)).status).toBe(200);
  });
});

describe('a session ends', () => {
  it('30 days after sign-in however often it was refreshed', async () => {
    const client = await signUpClient(t);
    t.clock.advance(20 * DAY_S * 1000);
    const renewed = await refresh(client.auth.refresh_token);
    expect(renewed.status).toBe(200);
    // The new refresh token would live another 30 days by its own TTL; the session does not,
    // and the answer says so: the 10 days left, not the TTL.
    expect(renewed.body.data.refresh_expires_in).toBe(10 * DAY_S);
    t.clock.advance(10 * DAY_S * 1000 + 1000);
    expect((await refresh(renewed.body.data.refresh_token)).status).toBe(401);
  });

  it('two tabs refreshing with one token at once both get the same answer; the session lives', async () => {
    const client = await signUpClient(t);
    const [one, two] = await Promise.all([
      refresh(client.auth.refresh_token),
      refresh(client.auth.refresh_token),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.data.refresh_token).toBe(two.body.data.refresh_token);
    const next = await refresh(one.body.data.refresh_token);
    expect(next.status).toBe(200);
    expect((await t.api.get('/auth/app/v1/client_info', next.body.data.access_token)).status).toBe(
      200,
    );
  });

  it('a token two generations old is a reuse: the family is revoked', async () => {
    const client = await signUpClient(t);
    const first = await refresh(client.auth.refresh_token);
    const second = await refresh(first.body.data.refresh_token);
    expect(second.status).toBe(200);
    expect((await refresh(client.auth.refresh_token)).status).toBe(401);
    expect((await refresh(second.body.data.refresh_token)).status).toBe(401);
  });
});
