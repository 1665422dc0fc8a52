/**
 * Nothing in front of the session check may outlive a revocation: after logout or a password
 * change, the old access token answers 401 on the very next request, on every instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '@sampada/shared';
import { buildTestApp, signUpClient, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
// A second instance on the same database, as behind a load balancer.
let second: TestApp | null = null;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildTestApp({ sharing: t });
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

/** client_info reads the client's row with the session; market config checks the session only. */
const GUARDED = ['/auth/app/v1/client_info', '/market/app/v1/config'];
const instances = () => [t, ...(second ? [second] : [])];

async function statuses(token: string) {
  const result: number[] = [];
  for (const app of instances())
    for (const url of GUARDED) result.push((await app.api.get(url, token)).status);
  return result;
}

describe('session revocation takes effect at once', () => {
  it('logout: the token that was just working answers 401 on the next request', async () => {
    const client = await signUpClient(t);
    const all = GUARDED.length * instances().length;
    // Used a few times first, so anything that could remember the session has done so.
    for (let i = 0; i < 3; i++) expect(await statuses(client.token)).toEqual(Array(all).fill(200));
    expect((await t.api.post('/auth/app/v1/logout', undefined, client.token)).status).toBe(200);
    expect(await statuses(client.token)).toEqual(Array(all).fill(401));
  });

  it('password change: every session of the client answers 401 on the next request', async () => {
    const client = await signUpClient(t);
    const other = await t.api.post<{ access_token: string }>('/auth/app/v1/login', {
      username: client.mobile,
      password: md5(client.password),
    });
    const otherToken = other.body.data.access_token;
    const all = GUARDED.length * instances().length;
    for (let i = 0; i < 3; i++) {
      expect(await statuses(client.token)).toEqual(Array(all).fill(200));
      expect(await statuses(otherToken)).toEqual(Array(all).fill(200));
    }
    const changed = await (second ?? t).api.post(
      '/auth/app/v1/change_pwd',
      { old_password: md5(client.password), new_password: md5('changed-secret-1') },
      otherToken,
    );
    expect(changed.status).toBe(200);
    expect(await statuses(client.token)).toEqual(Array(all).fill(401));
    expect(await statuses(otherToken)).toEqual(Array(all).fill(401));
  });
});
