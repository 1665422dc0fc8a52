// The demo's second client signs in with the password and then a code from the secret the
// README prints.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { md5, type TLoginAnswer } from '@sampada/shared';
import { buildTestApp, totpAt, type TestApp } from '../../test/helpers.ts';
import { DEMO_2FA_CLIENT, seedTwoFactorClient } from './two-factor-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

it('the demo 2FA client is asked for a code, and a code from the printed secret lets it in', async () => {
  const advisor = await t.ctx.staff.createStaff(
    { email: 'demo-advisor@staff.test', roles: ['advisor'], password: 'staff-password-1' },
    { type: 'system', id: 'test' },
  );
  await seedTwoFactorClient(t.ctx, advisor, { type: 'system', id: 'test' });
  const login = await t.api.post<TLoginAnswer>('/auth/app/v1/login', {
    username: DEMO_2FA_CLIENT.mobile,
    password: md5(DEMO_2FA_CLIENT.password),
  });
  expect(login.body.data).toHaveProperty('challenge_token');
  const challenge = (login.body.data as { challenge_token: string }).challenge_token;
  const verified = await t.api.post('/auth/app/v1/login/verify', {
    challenge_token: challenge,
    code: totpAt(t, DEMO_2FA_CLIENT.totpSecret),
  });
  expect(verified.status).toBe(200);
});
