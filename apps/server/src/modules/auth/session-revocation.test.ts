/**
 * Nothing in front of the session check may outlive a revocation: after logout or a password
 * change, the old access token answers 401 on the very next request, on every instance. And
 * client_info, answered from the signed-in cache (platform/signed-in-cache.ts), shows a change
 * to the client's row on the very next request, on every instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, type TClientProfile } from '@sampada/shared';
import { submitKyc } from '../../test/console-fixtures.ts';
import { buildTestApp, signInStaff, signUpClient, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
// A second instance on the same database, as behind a load balancer.
let second: TestApp | null = null;
// Copies live 1 s here (100 ms when shipped), so a test that passed only because a copy had
// already expired would be seen: what keeps the answers right is the change waiting for them.
const env = { SIGNED_IN_CACHE_TTL_MS: '1000' };
beforeAll(async () => {
  t = await buildTestApp({ env });
  second = await buildTestApp({ sharing: t, env });
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

/** Two guarded reads: client_info and the market config (which also reads the client's KYC status). */
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

describe('client_info shows a change to the client at once, on every instance', () => {
  const profiles = async (token: string) =>
    Promise.all(
      instances().map(
        async (app) =>
          (await app.api.get<TClientProfile>('/auth/app/v1/client_info', token)).body.data,
      ),
    );
  // Asked a few times first, so each instance holds a copy of the session and row.
  const warm = async (token: string) => {
    for (let i = 0; i < 3; i++) await profiles(token);
  };

  it('a VIP level and trust score set in the console on one instance', async () => {
    const client = await signUpClient(t);
    const admin = await signInStaff(t, 'admin');
    await warm(client.token);
    const vip = await (second ?? t).api.post(
      `/console/api/v1/clients/${client.id}/adjustments`,
      { kind: 'vip', value: 4, reason: 'Assets over ₹1 Cr' },
      admin.token,
    );
    expect(vip.status).toBe(200);
    expect((await profiles(client.token)).map((p) => p.vip)).toEqual(instances().map(() => 4));
    const score = await t.api.post(
      `/console/api/v1/clients/${client.id}/adjustments`,
      { kind: 'score', value: 77, reason: 'Checked by phone' },
      admin.token,
    );
    expect(score.status).toBe(200);
    expect((await profiles(client.token)).map((p) => p.score)).toEqual(instances().map(() => 77));
  });

  it('a KYC submission and its approval', async () => {
    const client = await signUpClient(t);
    await warm(client.token);
    await submitKyc(second ?? t, { ...client, mobile: `+91${client.mobile}` });
    expect((await profiles(client.token)).map((p) => p.kycStatus)).toEqual(
      instances().map(() => 'pending'),
    );
    await t.ctx.kyc.review(client.id, 'approve', { type: 'system', id: 'test' });
    expect((await profiles(client.token)).map((p) => [p.kycStatus, p.verified])).toEqual(
      instances().map(() => ['approved', true]),
    );
  });

  it('a PIN set on one instance', async () => {
    const client = await signUpClient(t);
    await warm(client.token);
    const app = second ?? t;
    const verified = await app.api.post(
      '/client/app/v1/pwd_verify',
      { password: md5(client.password) },
      client.token,
    );
    expect(verified.status).toBe(200);
    const pin = await app.api.post('/client/app/v1/pin', { pin: md5('246810') }, client.token);
    expect(pin.status).toBe(200);
    expect((await profiles(client.token)).map((p) => p.has_pin)).toEqual(
      instances().map(() => true),
    );
  });
});
