/**
 * Console requests read their session from a short-lived copy (staff-session-cache.ts), and no
 * copy outlives a change: after a sign-out, a deactivation, a second-factor reset or a change
 * of roles, the very next request answers as the change says, on every instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInStaff, type SignedInStaff, type TestApp } from '../../test/helpers.ts';
import { namedStatementsDuring } from '../../test/named-statements.ts';

let t: TestApp;
// A second instance on the same database, as behind a load balancer.
let second: TestApp;
let admin: SignedInStaff;
// Copies live 1 s here (100 ms when shipped), so a test that passed only because a copy had
// already expired would be seen: what keeps the answers right is the change waiting for them.
const env = { SIGNED_IN_CACHE_TTL_MS: '1000' };
beforeAll(async () => {
  t = await buildTestApp({ env });
  second = await buildTestApp({ sharing: t, env });
  admin = await signInStaff(t, 'admin');
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

const ME = '/console/api/v1/auth/me';
/** Admin only: it answers 403 once the admin role is gone. */
const STAFF_LIST = '/console/api/v1/staff';

/** One path's status on each instance, asked twice each, so each instance holds a copy. */
async function statuses(path: string, token: string) {
  const result: number[] = [];
  for (const app of [t, second])
    for (let i = 0; i < 2; i++) result.push((await app.api.get(path, token)).status);
  return result;
}

/** Statements that read a session by its token, counted while `run` runs. */
async function sessionReadsDuring(run: () => Promise<void>) {
  return (await namedStatementsDuring(run)).get('staff_session_and_member_by_token') ?? 0;
}

describe('a console session read from its copy', () => {
  it('asks the database once for many requests in a row on one instance', async () => {
    const ops = await signInStaff(t, 'operations');
    // Copies are kept once the instance hears changes from the others.
    expect((await t.api.get(ME, ops.token)).status).toBe(200);
    await t.ctx.bus.whenSubscribed();
    await new Promise((resolve) => setImmediate(resolve));
    const reads = await sessionReadsDuring(async () => {
      for (let i = 0; i < 10; i++) expect((await t.api.get(ME, ops.token)).status).toBe(200);
    });
    expect(reads).toBe(1);
  });

  it('sign-out: the token answers 401 on the next request, on both instances', async () => {
    const ops = await signInStaff(t, 'operations');
    expect(await statuses(ME, ops.token)).toEqual([200, 200, 200, 200]);
    expect((await second.api.post('/console/api/v1/auth/sign-out', {}, ops.token)).status).toBe(
      200,
    );
    expect(await statuses(ME, ops.token)).toEqual([401, 401, 401, 401]);
  });

  it('sign-out everywhere: every session of the member answers 401 at once', async () => {
    const ops = await signInStaff(t, 'operations');
    expect(await statuses(ME, ops.token)).toEqual([200, 200, 200, 200]);
    const reply = await t.api.post('/console/api/v1/auth/sign-out-everywhere', {}, ops.token);
    expect(reply.status).toBe(200);
    expect(await statuses(ME, ops.token)).toEqual([401, 401, 401, 401]);
  });

  it('deactivation: the member’s token answers 401 on the next request, on both instances', async () => {
    const ops = await signInStaff(t, 'operations');
    expect(await statuses(ME, ops.token)).toEqual([200, 200, 200, 200]);
    const reply = await t.api.post(`${STAFF_LIST}/${ops.id}/deactivate`, {}, admin.token);
    expect(reply.status).toBe(200);
    expect(await statuses(ME, ops.token)).toEqual([401, 401, 401, 401]);
  });

  it('a second-factor reset: the member’s token answers 401 on the next request', async () => {
    const ops = await signInStaff(t, 'operations');
    expect(await statuses(ME, ops.token)).toEqual([200, 200, 200, 200]);
    const reply = await second.api.post(`${STAFF_LIST}/${ops.id}/reset-totp`, {}, admin.token);
    expect(reply.status).toBe(200);
    expect(await statuses(ME, ops.token)).toEqual([401, 401, 401, 401]);
  });

  it('roles taken away: the next request is refused as the new roles say, on both instances', async () => {
    const other = await signInStaff(t, ['admin', 'operations']);
    expect(await statuses(STAFF_LIST, other.token)).toEqual([200, 200, 200, 200]);
    const reply = await second.api.post(
      `${STAFF_LIST}/${other.id}/roles`,
      { roles: ['operations'] },
      admin.token,
    );
    expect(reply.status).toBe(200);
    expect(await statuses(STAFF_LIST, other.token)).toEqual([403, 403, 403, 403]);
    expect(await statuses(ME, other.token)).toEqual([200, 200, 200, 200]);
  });
});
