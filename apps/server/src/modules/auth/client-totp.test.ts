/**
 * A client's second factor (issue 32), over real HTTP on real PostgreSQL: enrol with the
 * password again, confirm a first code for 10 recovery codes, then sign-in answers a challenge
 * that a TOTP or a recovery code meets once; 5 wrong codes end it; codes count toward the
 * password lockout; the firm can require 2FA; an admin can reset it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiMessage,
  md5,
  type TAuthData,
  type TLoginAnswer,
  type TLoginVerified,
  type TTotpEnrolment,
  type TTotpStatus,
  TwoFactorMessage as TM,
} from '@sampada/shared';
import {
  buildTestApp,
  issueInvite,
  nextMobile,
  signInStaff,
  signUpClient,
  sqlRows,
  totpAt,
  type SignedUpClient,
  type TestApp,
} from '../../test/helpers.ts';
import { MINUTE } from '../../platform/clock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t.close());

let nextSource = 1;
const source = () => ({ 'x-forwarded-for': `192.0.2.${nextSource++}` });
/** The next 30-second step: a code from the step before would be refused as a replay. */
const nextStep = () => t.clock.advance(30_000);

const login = (c: SignedUpClient, from = source()) =>
  t.api.post<TLoginAnswer>(
    '/auth/app/v1/login',
    { username: c.mobile, password: md5(c.password) },
    undefined,
    from,
  );
const verify = (challenge: string, code: string, from = source()) =>
  t.api.post<TLoginVerified>(
    '/auth/app/v1/login/verify',
    { challenge_token: challenge, code },
    undefined,
    from,
  );
const challengeOf = (reply: { body: { data: TLoginAnswer } }) => {
  const data = reply.body.data;
  if (!('challenge_token' in data)) throw new Error('expected a challenge');
  return data;
};

/** Signs up a client and turns TOTP on through the API; answers its secret and codes. */
async function clientWithTotp() {
  const client = await signUpClient(t);
  const enrol = await t.api.post<TTotpEnrolment>(
    '/client/app/v1/totp/enrol',
    { password: md5(client.password) },
    client.token,
  );
  expect(enrol.status).toBe(200);
  const { secret, otpauth_url } = enrol.body.data;
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  const confirm = await t.api.post<{ recovery_codes: string[] }>(
    '/client/app/v1/totp/confirm',
    { code: totpAt(t, secret) },
    client.token,
  );
  expect(confirm.status).toBe(200);
  nextStep();
  return { client, secret, recoveryCodes: confirm.body.data.recovery_codes };
}

describe('client TOTP', () => {
  it('enrol needs the password again; confirm turns it on and shows 10 recovery codes once', async () => {
    const client = await signUpClient(t);
    const without = await t.api.post('/client/app/v1/totp/enrol', {}, client.token);
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(ApiMessage.passwordVerifyFirst);
    const { recoveryCodes } = await clientWithTotp();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
  });

  it('sign-in answers a challenge; a TOTP meets it once, a replay is refused', async () => {
    const { client, secret } = await clientWithTotp();
    const first = await login(client);
    expect(first.status).toBe(200);
    const challenge = challengeOf(first);
    expect(challenge.methods).toEqual(['totp']);
    expect(first.body.data).not.toHaveProperty('access_token');
    const code = totpAt(t, secret);
    const ok = await verify(challenge.challenge_token, code);
    expect(ok.status).toBe(200);
    expect((await t.api.get('/auth/app/v1/client_info', ok.body.data.access_token)).status).toBe(
      200,
    );
    // The same challenge is spent, and the same code on a new challenge is a replay.
    expect((await verify(challenge.challenge_token, code)).body.message).toBe(TM.challengeExpired);
    const again = challengeOf(await login(client));
    const replay = await verify(again.challenge_token, code);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(TM.badCode);
  });

  it('a recovery code signs in once', async () => {
    const { client, recoveryCodes } = await clientWithTotp();
    const recovery = recoveryCodes[0]!;
    const first = await verify(challengeOf(await login(client)).challenge_token, recovery);
    expect(first.status).toBe(200);
    const second = await verify(
      challengeOf(await login(client)).challenge_token,
      recovery.toLowerCase().replace('-', ''),
    );
    expect(second.status).toBe(400);
    const status = await t.api.get<{ recovery_codes_left: number }>(
      '/client/app/v1/totp',
      first.body.data.access_token,
    );
    expect(status.body.data.recovery_codes_left).toBe(9);
  });

  it('a challenge lives 5 minutes: the right code still works at 4:50, not at 5:10', async () => {
    const { client, secret } = await clientWithTotp();
    const early = challengeOf(await login(client)).challenge_token;
    const late = challengeOf(await login(client)).challenge_token;
    t.clock.advance(5 * MINUTE - 10_000);
    expect((await verify(early, totpAt(t, secret))).status).toBe(200);
    t.clock.advance(20_000);
    const expired = await verify(late, totpAt(t, secret));
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(TM.challengeExpired);
  });

  it('enrol without the password takes a pwd_verify of the last 5 minutes, once', async () => {
    const client = await signUpClient(t);
    const pwdVerify = () =>
      t.api.post('/client/app/v1/pwd_verify', { password: md5(client.password) }, client.token);
    const enrol = () => t.api.post<TTotpEnrolment>('/client/app/v1/totp/enrol', {}, client.token);
    expect((await pwdVerify()).status).toBe(200);
    t.clock.advance(5 * MINUTE - 1000);
    const within = await enrol();
    expect(within.status).toBe(200);
    expect(within.body.data.secret).toEqual(expect.any(String));
    // The verification is spent by the enrolment it allowed.
    expect((await enrol()).body.message).toBe(ApiMessage.passwordVerifyFirst);
    expect((await pwdVerify()).status).toBe(200);
    t.clock.advance(5 * MINUTE + 1000);
    const after = await enrol();
    expect(after.status).toBe(400);
    expect(after.body.message).toBe(ApiMessage.passwordVerifyFirst);
  });

  it('5 wrong codes end the challenge, even in a burst; the right code then cannot use it', async () => {
    const { client, secret } = await clientWithTotp();
    const challenge = challengeOf(await login(client)).challenge_token;
    const wrong = totpAt(t, secret) === '000000' ? '111111' : '000000';
    const burst = await Promise.all(Array.from({ length: 8 }, () => verify(challenge, wrong)));
    expect(burst.filter((r) => r.body.message === TM.badCode)).toHaveLength(5);
    expect(burst.filter((r) => r.body.message === TM.challengeExpired)).toHaveLength(3);
    expect((await verify(challenge, totpAt(t, secret))).body.message).toBe(TM.challengeExpired);
  });

  it('wrong codes count toward the password lockout of their source', async () => {
    const { client, secret } = await clientWithTotp();
    const from = source();
    const challenge = challengeOf(await login(client, from)).challenge_token;
    const wrong = totpAt(t, secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await verify(challenge, wrong, from)).status).toBe(400);
    const badPassword = { username: client.mobile, password: md5('guess') };
    for (let i = 0; i < 2; i++)
      expect((await t.api.post('/auth/app/v1/login', badPassword, undefined, from)).status).toBe(
        400,
      );
    expect((await login(client, from)).status).toBe(429);
  });

  it('disable needs a good code; then sign-in answers tokens again', async () => {
    const { client, secret } = await clientWithTotp();
    const signedIn = await verify(
      challengeOf(await login(client)).challenge_token,
      totpAt(t, secret),
    );
    const token = signedIn.body.data.access_token;
    nextStep();
    const wrong = totpAt(t, secret) === '000000' ? '111111' : '000000';
    expect((await t.api.post('/client/app/v1/totp/disable', { code: wrong }, token)).status).toBe(
      400,
    );
    const off = await t.api.post('/client/app/v1/totp/disable', { code: totpAt(t, secret) }, token);
    expect(off.status).toBe(200);
    expect((await login(client)).body.data).toHaveProperty('access_token');
  });

  it('new recovery codes need a good code; the old ones then stop working', async () => {
    const { client, secret, recoveryCodes } = await clientWithTotp();
    const signedIn = await verify(
      challengeOf(await login(client)).challenge_token,
      totpAt(t, secret),
    );
    const token = signedIn.body.data.access_token;
    nextStep();
    const path = '/client/app/v1/totp/recovery_codes';
    const wrong = totpAt(t, secret) === '000000' ? '111111' : '000000';
    expect((await t.api.post(path, { code: wrong }, token)).status).toBe(400);
    const fresh = await t.api.post<{ recovery_codes: string[] }>(
      path,
      { code: totpAt(t, secret) },
      token,
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recovery_codes).toHaveLength(10);
    expect(fresh.body.data.recovery_codes).not.toContain(recoveryCodes[1]);
    const old = await verify(challengeOf(await login(client)).challenge_token, recoveryCodes[1]!);
    expect(old.status).toBe(400);
    const renewed = await verify(
      challengeOf(await login(client)).challenge_token,
      fresh.body.data.recovery_codes[0]!,
    );
    expect(renewed.status).toBe(200);
  });

  it('an admin resets a client’s 2FA, audited, and the client is told; an advisor may not', async () => {
    const { client } = await clientWithTotp();
    // A verified address (set here directly: the e-mail flow has its own tests).
    await sqlRows(
      t,
      `insert into client_emails (client_id, address, verified_at) values ('${client.id}', 'reset@client.test', now())`,
    );
    const advisor = await signInStaff(t, 'advisor');
    const path = `/console/api/v1/clients/${client.id}/totp/reset`;
    expect((await t.api.post(path, {}, advisor.token)).status).toBe(403);
    const admin = await signInStaff(t, 'admin');
    expect((await t.api.post(path, {}, admin.token)).status).toBe(200);
    expect((await login(client)).body.data).toHaveProperty('access_token');
    const audit = await sqlRows(
      t,
      `select action from audit_log where subject_id = '${client.id}' and action = 'client.totp.reset'`,
    );
    expect(audit).toHaveLength(1);
    const mail = await sqlRows<{ to_address: string; subject: string }>(
      t,
      `select to_address, subject from mail_outbox where client_id = '${client.id}' and purpose = 'totp.reset'`,
    );
    expect(mail).toEqual([
      { to_address: 'reset@client.test', subject: 'Your two-step verification was reset' },
    ]);
    // The Security screen's notice: when it was reset, until it is turned on again.
    const token = ((await login(client)).body.data as { access_token: string }).access_token;
    const status = await t.api.get<TTotpStatus>('/client/app/v1/totp', token);
    expect(status.body.data).toMatchObject({ enabled: false, reset_at: expect.any(String) });
  });
});

/** Turns the firm's "clients must use 2FA" on for `body`, and off again whatever happens. */
async function while2faRequired(body: () => Promise<void>) {
  const admin = await signInStaff(t, 'admin');
  const setting = (on: boolean) =>
    t.api.post('/console/api/v1/settings', { client_2fa_required: on }, admin.token);
  expect((await setting(true)).status).toBe(200);
  try {
    await body();
  } finally {
    await setting(false);
  }
}

describe('the firm requires 2FA', () => {
  it('sign-up answers the enrolment challenge, no tokens; the first code signs the client in', async () => {
    await while2faRequired(async () => {
      const mobile = nextMobile();
      const reply = await t.api.post<TLoginAnswer>('/auth/app/v1/register', {
        username: `+91${mobile}`,
        password: md5('secret123'),
        invite_code: await issueInvite(t),
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data).not.toHaveProperty('access_token');
      expect(reply.body.data).not.toHaveProperty('refresh_token');
      const challenge = challengeOf(reply);
      expect(challenge.methods).toEqual(['totp']);
      const secret = challenge.enrolment!.secret;
      // The client exists, with no session at all until the enrolment is proved.
      const sessions = await sqlRows(
        t,
        `select s.id from sessions s join clients c on c.id = s.client_id where c.mobile = '+91${mobile}'`,
      );
      expect(sessions).toHaveLength(0);
      const verified = await verify(challenge.challenge_token, totpAt(t, secret));
      expect(verified.status).toBe(200);
      expect(verified.body.data.recovery_codes).toHaveLength(10);
      const info = await t.api.get('/auth/app/v1/client_info', verified.body.data.access_token);
      expect(info.status).toBe(200);
    });
  });

  it('a session opened before the setting cannot refresh: it ends, and the answer is the enrolment challenge', async () => {
    const client = await signUpClient(t);
    await while2faRequired(async () => {
      const reply = await t.api.post<TLoginAnswer>(
        '/auth/app/v1/refresh',
        undefined,
        client.auth.refresh_token,
      );
      expect(reply.status).toBe(200);
      expect(reply.body.data).not.toHaveProperty('access_token');
      const challenge = challengeOf(reply);
      expect(challenge.enrolment?.secret).toEqual(expect.any(String));
      // The old session is over: its access token and its refresh token both answer 401.
      expect((await t.api.get('/auth/app/v1/client_info', client.token)).status).toBe(401);
      const again = await t.api.post('/auth/app/v1/refresh', undefined, client.auth.refresh_token);
      expect(again.status).toBe(401);
      const verified = await verify(
        challenge.challenge_token,
        totpAt(t, challenge.enrolment!.secret),
      );
      expect(verified.status).toBe(200);
      // Enrolled: the new session refreshes as any other.
      nextStep();
      const renewed = await t.api.post<TAuthData>(
        '/auth/app/v1/refresh',
        undefined,
        verified.body.data.refresh_token,
      );
      expect(renewed.body.data).toHaveProperty('access_token');
    });
  });

  it('a client with 2FA on keeps refreshing while it is required', async () => {
    const { client, secret } = await clientWithTotp();
    const signedIn = await verify(
      challengeOf(await login(client)).challenge_token,
      totpAt(t, secret),
    );
    await while2faRequired(async () => {
      const renewed = await t.api.post<TAuthData>(
        '/auth/app/v1/refresh',
        undefined,
        signedIn.body.data.refresh_token,
      );
      expect(renewed.status).toBe(200);
      expect(renewed.body.data).toHaveProperty('access_token');
    });
  });

  it('a client without it is taken to enrolment after the password, then signs in with codes', async () => {
    const client = await signUpClient(t);
    await while2faRequired(async () => {
      const first = await login(client);
      const challenge = challengeOf(first);
      expect(challenge.enrolment?.secret).toEqual(expect.any(String));
      const secret = challenge.enrolment!.secret;
      const verified = await verify(challenge.challenge_token, totpAt(t, secret));
      expect(verified.status).toBe(200);
      expect(verified.body.data.recovery_codes).toHaveLength(10);
      const token = verified.body.data.access_token;
      // Required: it cannot be turned off.
      nextStep();
      const off = await t.api.post(
        '/client/app/v1/totp/disable',
        { code: totpAt(t, secret) },
        token,
      );
      expect(off.body.message).toBe(TM.requiredByFirm);
    });
  });
});
