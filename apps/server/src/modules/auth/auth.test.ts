import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessage, errorCode, M, md5, type TAuthData } from '@sampada/shared';
import { MINUTE } from '../../platform/clock.ts';
import { hashSecretScryptLegacy, verifySecret } from '../../platform/crypto.ts';
import {
  buildTestApp,
  issueInvite,
  nextMobile,
  signUpClient,
  type TestApp,
  sqlRows,
} from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const login = (username: string, password: string) =>
  t.api.post<TAuthData>('/auth/app/v1/login', { username, password: md5(password) });

describe('register', () => {
  it('creates an unverified client with the spec defaults and signs them in', async () => {
    const mobile = nextMobile();
    const code = await issueInvite(t);
    const reply = await t.api.post<TAuthData>('/auth/app/v1/register', {
      username: `+91${mobile}`,
      password: md5('secret123'),
      invite_code: code.toLowerCase(),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(M.registrationSucceeded);
    expect(reply.body.data.token_type).toBe('Bearer');
    const profile = await t.api.get<Record<string, unknown>>(
      '/auth/app/v1/client_info',
      reply.body.data.access_token,
    );
    expect(profile.body.data).toMatchObject({
      username: `+91${mobile}`,
      name: null,
      vip: 0,
      score: 0,
      order_num: 0,
      has_pin: false,
      allow_compensation: false,
      allow_bonus: false,
      allow_loan: false,
      kycStatus: 'unverified',
      verified: false,
    });
    expect(profile.body.data.id).toMatch(/^\d{8}$/);
  });

  it.each([
    [{ password: md5('x'), invite_code: 'A' }, M.mobileRequired],
    [{ username: '12345', password: md5('x'), invite_code: 'A' }, M.mobileInvalid],
    [{ username: '+915876543210', password: md5('x'), invite_code: 'A' }, M.mobileInvalid],
    [{ username: '9876500000', invite_code: 'A' }, M.passwordRequired],
    [
      { username: '9876500000', password: 'plain-text', invite_code: 'A' },
      ApiMessage.passwordNotHashed,
    ],
    [{ username: '9876500000', password: md5('x'), invite_code: '  ' }, M.inviteCodeRequired],
  ])('refuses %j with the spec message', async (body, message) => {
    const reply = await t.api.post('/auth/app/v1/register', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      code: 400,
      message,
      data: null,
      error_code: errorCode(400, message),
    });
  });

  it('refuses unknown, used, revoked and expired invitation codes, each with its reason', async () => {
    const register = (code: string) =>
      t.api.post('/auth/app/v1/register', {
        username: nextMobile(),
        password: md5('secret123'),
        invite_code: code,
      });
    expect((await register('NOPE2345')).body.message).toBe(ApiMessage.inviteUnknown);

    const single = await issueInvite(t);
    expect((await register(single)).status).toBe(200);
    expect((await register(single)).body.message).toBe(ApiMessage.inviteUsed);

    const revoked = await issueInvite(t, { maxUses: 5 });
    await t.ctx.invites.revokeInvite(revoked, { type: 'system', id: 'test' });
    expect((await register(revoked)).body.message).toBe(ApiMessage.inviteRevoked);

    const expiring = await issueInvite(t, { expiresInMs: 10 * MINUTE });
    t.clock.advance(11 * MINUTE);
    const reply = await register(expiring);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(ApiMessage.inviteExpired);
  });

  it('lets a single-use code register exactly one of many racing sign-ups', async () => {
    const code = await issueInvite(t);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.api.post('/auth/app/v1/register', {
          username: nextMobile(),
          password: md5('secret123'),
          invite_code: code,
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.body.message === ApiMessage.inviteUsed)).toHaveLength(7);
  });

  it('registers exactly one of many racing sign-ups with one mobile; the others hear it is taken', async () => {
    const mobile = nextMobile();
    // Each with its own invitation code, so only the mobile's unique index can decide.
    const codes = await Promise.all(Array.from({ length: 8 }, () => issueInvite(t)));
    const replies = await Promise.all(
      codes.map((code) =>
        t.api.post('/auth/app/v1/register', {
          username: mobile,
          password: md5('secret123'),
          invite_code: code,
        }),
      ),
    );
    expect(replies.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = replies.filter((r) => r.status !== 200);
    expect(losers).toHaveLength(7);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(loser.body.message).toBe(ApiMessage.mobileTaken);
    }
    const rows = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from clients where mobile = '+91${mobile}'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('a bad invitation answers alike for a known and an unknown mobile (no enumeration)', async () => {
    const known = await signUpClient(t);
    const attempt = (username: string) =>
      t.api.post('/auth/app/v1/register', {
        username,
        password: md5('secret123'),
        invite_code: 'NOPE2345',
      });
    const [forKnown, forUnknown] = [await attempt(known.mobile), await attempt(nextMobile())];
    expect(forKnown.status).toBe(400);
    expect(forKnown.body).toEqual(forUnknown.body);
    expect(forKnown.body.message).toBe(ApiMessage.inviteUnknown);
    // A taken mobile with a good single-use code leaves the code unspent.
    const code = await issueInvite(t);
    expect(
      (
        await t.api.post('/auth/app/v1/register', {
          username: known.mobile,
          password: md5('x1234567'),
          invite_code: code,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await t.api.post('/auth/app/v1/register', {
          username: nextMobile(),
          password: md5('secret123'),
          invite_code: code,
        })
      ).status,
    ).toBe(200);
  });

  it('treats every spelling of a mobile as one client', async () => {
    const mobile = nextMobile();
    await signUpClient(t, mobile);
    const again = await t.api.post('/auth/app/v1/register', {
      username: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
      password: md5('secret123'),
      invite_code: await issueInvite(t),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ApiMessage.mobileTaken);
    for (const spelling of [
      mobile,
      `+91${mobile}`,
      `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
    ]) {
      expect((await login(spelling, 'secret123')).status).toBe(200);
    }
  });
});

describe('login', () => {
  it('answers 400 (never 401) for a wrong password or an unknown mobile, with one message', async () => {
    const client = await signUpClient(t);
    const wrong = await login(client.mobile, 'wrong-password');
    const unknown = await login('9000000001', 'whatever');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.message).toBe(ApiMessage.badCredentials);
    expect(unknown.body.message).toBe(ApiMessage.badCredentials);
  });

  it('signs in with an old scrypt hash and re-hashes it to argon2id; a wrong password changes nothing', async () => {
    const client = await signUpClient(t);
    const old = await hashSecretScryptLegacy(md5(client.password));
    await t.ctx.db.execute(`update clients set password_hash = '${old}' where id = '${client.id}'`);

    expect((await login(client.mobile, 'not-the-password')).status).toBe(400);
    expect((await t.ctx.clients.byId(client.id)).passwordHash).toBe(old);

    expect((await login(client.mobile, client.password)).status).toBe(200);
    const upgraded = (await t.ctx.clients.byId(client.id)).passwordHash;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifySecret(md5(client.password), upgraded)).toBe(true);
    expect((await login(client.mobile, client.password)).status).toBe(200);
  });

  it('requires username and password with the spec messages', async () => {
    expect((await t.api.post('/auth/app/v1/login', {})).body.message).toBe(M.usernameRequired);
    expect((await t.api.post('/auth/app/v1/login', { username: '9876543210' })).body.message).toBe(
      M.passwordRequired,
    );
  });

  it('blocks a mobile for 15 minutes after 5 wrong passwords, even with the right one, then lets it in', async () => {
    const client = await signUpClient(t);
    for (let i = 0; i < 5; i++) expect((await login(client.mobile, 'nope')).status).toBe(400);
    const blocked = await login(client.mobile, client.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(ApiMessage.tooManySignIns);
    t.clock.advance(16 * MINUTE);
    expect((await login(client.mobile, client.password)).status).toBe(200);
  });

  it('blocks an IP after 30 failures across many mobiles', async () => {
    t.clock.advance(60 * MINUTE);
    for (let i = 0; i < 30; i++) await login(nextMobile(), 'nope');
    const client = await signUpClient(t);
    expect((await login(client.mobile, client.password)).status).toBe(429);
    t.clock.advance(16 * MINUTE);
    expect((await login(client.mobile, client.password)).status).toBe(200);
  });
});

describe('tokens', () => {
  it('answers 401 for a missing, malformed, forged or expired access token', async () => {
    const client = await signUpClient(t);
    expect((await t.api.get('/auth/app/v1/client_info')).status).toBe(401);
    expect((await t.api.get('/auth/app/v1/client_info', 'not-a-jwt')).status).toBe(401);
    const [h, p] = client.token.split('.');
    expect((await t.api.get('/auth/app/v1/client_info', `${h}.${p}.forged`)).status).toBe(401);
    t.clock.advance(16 * MINUTE);
    const expired = await t.api.get('/auth/app/v1/client_info', client.token);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(ApiMessage.tokenExpired);
  });

  it('rotates the refresh token on every refresh; replaying a spent one revokes the family', async () => {
    const client = await signUpClient(t);
    const first = await t.api.post<TAuthData>(
      '/auth/app/v1/refresh',
      undefined,
      client.auth.refresh_token,
    );
    expect(first.status).toBe(200);
    expect(first.body.data.refresh_token).not.toBe(client.auth.refresh_token);
    const second = await t.api.post<TAuthData>(
      '/auth/app/v1/refresh',
      undefined,
      first.body.data.refresh_token,
    );
    expect(second.status).toBe(200);

    const replay = await t.api.post('/auth/app/v1/refresh', undefined, client.auth.refresh_token);
    expect(replay.status).toBe(401);
    // The thief's replay ended the whole sign-in: the latest tokens are dead too.
    expect(
      (await t.api.post('/auth/app/v1/refresh', undefined, second.body.data.refresh_token)).status,
    ).toBe(401);
    expect(
      (await t.api.get('/auth/app/v1/client_info', second.body.data.access_token)).status,
    ).toBe(401);
  });

  it('refuses a missing or unknown refresh token with 401, and an access token used as one', async () => {
    const client = await signUpClient(t);
    expect((await t.api.post('/auth/app/v1/refresh')).status).toBe(401);
    expect((await t.api.post('/auth/app/v1/refresh', undefined, 'garbage')).status).toBe(401);
    expect((await t.api.post('/auth/app/v1/refresh', undefined, client.token)).status).toBe(401);
  });

  it('stores refresh tokens hashed, never as issued', async () => {
    const client = await signUpClient(t);
    const rows = await sqlRows<{ token_hash: string }>(t, `select token_hash from refresh_tokens`);
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(client.auth.refresh_token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('logout ends the session: its access and refresh tokens stop working', async () => {
    const client = await signUpClient(t);
    expect((await t.api.post('/auth/app/v1/logout', undefined, client.token)).status).toBe(200);
    expect((await t.api.get('/auth/app/v1/client_info', client.token)).status).toBe(401);
    expect(
      (await t.api.post('/auth/app/v1/refresh', undefined, client.auth.refresh_token)).status,
    ).toBe(401);
  });
});

describe('change_pwd', () => {
  it('changes the password and signs out every session', async () => {
    const client = await signUpClient(t);
    const other = await login(client.mobile, client.password);
    const reply = await t.api.post(
      '/auth/app/v1/change_pwd',
      { old_password: md5(client.password), new_password: md5('newsecret9') },
      client.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(M.passwordChanged);
    expect((await t.api.get('/auth/app/v1/client_info', other.body.data.access_token)).status).toBe(
      401,
    );
    expect((await login(client.mobile, client.password)).status).toBe(400);
    expect((await login(client.mobile, 'newsecret9')).status).toBe(200);
  });

  it('refuses a wrong current password with 400 and keeps the session', async () => {
    const client = await signUpClient(t);
    const reply = await t.api.post(
      '/auth/app/v1/change_pwd',
      { old_password: md5('wrong'), new_password: md5('newsecret9') },
      client.token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(ApiMessage.currentPasswordWrong);
    expect((await t.api.get('/auth/app/v1/client_info', client.token)).status).toBe(200);
  });

  it('validates with the spec messages and needs a token', async () => {
    const client = await signUpClient(t);
    expect((await t.api.post('/auth/app/v1/change_pwd', {}, client.token)).body.message).toBe(
      M.currentPasswordRequired,
    );
    expect(
      (await t.api.post('/auth/app/v1/change_pwd', { old_password: md5('a') }, client.token)).body
        .message,
    ).toBe(M.newPasswordRequired);
    expect((await t.api.post('/auth/app/v1/change_pwd', {})).status).toBe(401);
  });
});

describe('password reset', () => {
  it('code → one-time reset token → new password; every session ends', async () => {
    const client = await signUpClient(t);
    const { code } = await t.ctx.auth.issueResetCode(client.mobile, { type: 'system', id: 'test' });
    expect(code).toMatch(/^\d{6}$/);
    const verified = await t.api.post<{ reset_token: string }>('/client/app/v1/code', {
      email: `+91${client.mobile}`,
      code,
    });
    expect(verified.status).toBe(200);
    const resetToken = verified.body.data.reset_token;
    const reset = await t.api.post('/auth/app/v1/reset_pwd', {
      username: `+91 ${client.mobile}`,
      password: md5('brandnew1'),
      reset_token: resetToken,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(M.resetSucceeded);
    expect((await t.api.get('/auth/app/v1/client_info', client.token)).status).toBe(401);
    expect((await login(client.mobile, 'brandnew1')).status).toBe(200);
    // One use only.
    const again = await t.api.post('/auth/app/v1/reset_pwd', {
      username: client.mobile,
      password: md5('another1'),
      reset_token: resetToken,
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ApiMessage.resetTokenInvalid);
  });

  it('gives one answer for a wrong code and an unknown mobile, and a code dies after 5 tries', async () => {
    const client = await signUpClient(t);
    const { code } = await t.ctx.auth.issueResetCode(client.mobile, { type: 'system', id: 'test' });
    const wrongCode = code === '000000' ? '111111' : '000000';
    const unknown = await t.api.post('/client/app/v1/code', { email: '+919000000002', code });
    const wrong = await t.api.post('/client/app/v1/code', {
      email: `+91${client.mobile}`,
      code: wrongCode,
    });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe(ApiMessage.resetCodeInvalid);
    for (let i = 0; i < 4; i++)
      await t.api.post('/client/app/v1/code', { email: `+91${client.mobile}`, code: wrongCode });
    const spent = await t.api.post('/client/app/v1/code', { email: `+91${client.mobile}`, code });
    expect(spent.status).toBe(400);
  });

  it('expires a code after 15 minutes and only the latest code works', async () => {
    t.clock.advance(60 * MINUTE);
    const client = await signUpClient(t);
    const actor = { type: 'system', id: 'test' } as const;
    const old = await t.ctx.auth.issueResetCode(client.mobile, actor);
    const latest = await t.ctx.auth.issueResetCode(client.mobile, actor);
    if (old.code !== latest.code) {
      expect(
        (await t.api.post('/client/app/v1/code', { email: client.mobile, code: old.code })).status,
      ).toBe(400);
    }
    t.clock.advance(16 * MINUTE);
    expect(
      (await t.api.post('/client/app/v1/code', { email: client.mobile, code: latest.code })).status,
    ).toBe(400);
  });

  it('limits code checks per IP', async () => {
    t.clock.advance(60 * MINUTE);
    const replies = [];
    for (let i = 0; i < 11; i++)
      replies.push(
        await t.api.post('/client/app/v1/code', { email: '9000000003', code: '123456' }),
      );
    expect(replies.at(-1)!.status).toBe(429);
    expect(replies.at(-1)!.body.message).toBe(ApiMessage.tooManyCodes);
  });

  it('validates with the spec messages', async () => {
    expect(
      (await t.api.post('/client/app/v1/code', { email: '123', code: '1' })).body.message,
    ).toBe(M.mobileInvalid);
    expect((await t.api.post('/client/app/v1/code', { email: '9876543210' })).body.message).toBe(
      M.verificationCodeRequired,
    );
    expect(
      (await t.api.post('/auth/app/v1/reset_pwd', { username: '9876543210', password: md5('x') }))
        .body.message,
    ).toBe(ApiMessage.resetTokenRequired);
  });
});
