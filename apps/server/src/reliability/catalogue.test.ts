/**
 * Items of issue 21's reliability catalogue not covered where their feature lives:
 * (14) ten concurrent refreshes with one refresh token make at most one new session, and
 * (22) a spoofed X-Forwarded-For does not escape the per-address limits unless the proxy is
 * trusted (TRUST_PROXY), in which case the limit follows the address the proxy reports.
 */
import { md5, type TAuthData } from '@sampada/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpClient, type TestApp } from '../test/helpers.ts';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  // The real limits (RATE_LIMIT_SCALE 1): sign-in allows 20 requests a minute from an address.
  direct = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  proxied = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const wrongSignIn = (t: TestApp, i: number, forwardedFor: string) =>
  t.api.raw('/auth/app/v1/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({
      username: `+9191000${String(i).padStart(5, '0')}`,
      password: md5('wrong-password'),
    }),
  });

describe('the reliability catalogue', () => {
  it('(14) ten concurrent refreshes with one token: at most one new session', async () => {
    const client = await signUpClient(direct);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        direct.api.post<TAuthData>('/auth/app/v1/refresh', undefined, client.auth.refresh_token),
      ),
    );
    const won = replies.filter((r) => r.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 401)).toBe(true);
  });

  it('(22) a spoofed X-Forwarded-For does not escape the sign-in limit of a direct server', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await wrongSignIn(direct, i, `203.0.113.${i + 1}`)).status);
    expect(statuses.slice(0, 20).includes(429)).toBe(false);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('(22) behind a trusted proxy the limit follows the address the proxy reports', async () => {
    // Twenty-five people behind one balancer, each with their own address: none is limited…
    for (let i = 0; i < 25; i++)
      expect((await wrongSignIn(proxied, i, `198.51.100.${i + 1}`)).status).not.toBe(429);
    // …while one address past its twenty requests is.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await wrongSignIn(proxied, 100 + i, '192.0.2.7')).status);
    expect(statuses.slice(0, 20).includes(429)).toBe(false);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
