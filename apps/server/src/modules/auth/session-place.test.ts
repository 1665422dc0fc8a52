/**
 * Where a session was signed in from and last seen (issue 32): the place of the address
 * Fastify gives (through a trusted proxy's X-Forwarded-For), over real HTTP on real PostgreSQL
 * and DB-IP's City Lite database as the npm package ships it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, type TAuthData, type TClientSession } from '@sampada/shared';
import { buildTestApp, signUpClient, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t.close());

// Reliance Jio addresses; the pinned database puts both in (Navi) Mumbai.
const MUMBAI_V4 = '49.36.0.1';
const MUMBAI_V6 = '2405:200::1';
const IN_MAHARASHTRA = /Mumbai.*, Maharashtra, India$/;

const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function signIn(client: { mobile: string; password: string }, ip?: string) {
  const reply = await t.api.post<TAuthData>(
    '/auth/app/v1/login',
    { username: client.mobile, password: md5(client.password) },
    undefined,
    ip ? from(ip) : undefined,
  );
  expect(reply.status).toBe(200);
  return reply.body.data;
}

const sessionsOf = async (token: string) =>
  (await t.api.get<TClientSession[]>('/client/app/v1/sessions', token)).body.data;

describe('the place of a session', () => {
  it('a sign-in from a public Indian address shows its place; one from 127.0.0.1 has none', async () => {
    const client = await signUpClient(t);
    const proxied = await signIn(client, MUMBAI_V4);
    const local = await signIn(client);
    const list = await sessionsOf(local.access_token);
    expect(list).toHaveLength(3);
    const fromMumbai = list.filter((s) => s.ip === MUMBAI_V4);
    expect(fromMumbai).toHaveLength(1);
    expect(fromMumbai[0]!.place).toMatch(IN_MAHARASHTRA);
    expect(fromMumbai[0]!.current).toBe(false);
    // This sign-in and the sign-up's, both from this machine: nobody's place.
    const fromHere = list.filter((s) => s.ip === '127.0.0.1');
    expect(fromHere.map((s) => s.place)).toEqual([null, null]);
    expect(fromHere.filter((s) => s.current)).toHaveLength(1);
    // The same list, asked from the Mumbai session, says the same places.
    const seenThere = await sessionsOf(proxied.access_token);
    expect(seenThere.find((s) => s.current)!.place).toBe(fromMumbai[0]!.place);
  });

  it('a refresh from a new address moves the place to where it was last seen', async () => {
    const client = await signUpClient(t);
    const local = await signIn(client);
    const moved = await t.api.post<TAuthData>(
      '/auth/app/v1/refresh',
      undefined,
      local.refresh_token,
      from(MUMBAI_V6),
    );
    expect(moved.status).toBe(200);
    const session = (await sessionsOf(moved.body.data.access_token)).find((s) => s.current);
    expect(session).toMatchObject({ ip: MUMBAI_V6 });
    expect(session!.place).toMatch(IN_MAHARASHTRA);

    const back = await t.api.post<TAuthData>(
      '/auth/app/v1/refresh',
      undefined,
      moved.body.data.refresh_token,
      from('10.0.0.7'),
    );
    expect(back.status).toBe(200);
    const again = (await sessionsOf(back.body.data.access_token)).find((s) => s.current);
    expect(again).toMatchObject({ ip: '10.0.0.7', place: null });
  });
});

describe('the API reference', () => {
  it("says what a session's place is and where it comes from", async () => {
    const doc = (await (await t.api.raw('/docs/json')).json()) as {
      paths: Record<string, unknown>;
    };
    const sessions = JSON.stringify(doc.paths['/client/app/v1/sessions']);
    expect(sessions).toContain('Mumbai, Maharashtra, India');
    expect(sessions).toContain('DB-IP');
  });
});
