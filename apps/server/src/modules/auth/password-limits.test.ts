/**
 * Limits that hold under a burst (issue 32): a wrong password is counted before its hash is
 * spent, atomically, so a burst gets no more checks than the limit; `pwd_verify` and
 * `change_pwd` spend from the same lockout; a stranger locks out only their own source; a
 * stranger's guesses at a reset code do not burn the owner's code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessage, md5 } from '@sampada/shared';
import { MINUTE } from '../../platform/clock.ts';
import { buildTestApp, signUpClient, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
// Behind a trusted proxy, so each test can speak from the source address it names.
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t.close());

let nextSource = 1;
/** A source address of its own for each caller, so tests do not share per-IP counts. */
const source = () => ({ 'x-forwarded-for': `198.51.100.${nextSource++}` });

const login = (mobile: string, password: string, from: Record<string, string>) =>
  t.api.post('/auth/app/v1/login', { username: mobile, password: md5(password) }, undefined, from);

describe('password attempts are counted before the hash', () => {
  it('30 parallel wrong passwords for one mobile: 5 are checked, 25 refused unhashed', async () => {
    const client = await signUpClient(t);
    const from = source();
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => login(client.mobile, 'wrong-guess', from)),
    );
    const checked = replies.filter((r) => r.status === 400);
    const refused = replies.filter((r) => r.status === 429);
    expect(checked.length).toBe(5);
    expect(refused.length).toBe(25);
    expect(refused[0]!.body.message).toBe(ApiMessage.tooManySignIns);
    // The right password from the same source waits out the block too.
    expect((await login(client.mobile, client.password, from)).status).toBe(429);
  });

  it('a stranger locks out only their own source: the owner still signs in from theirs', async () => {
    const client = await signUpClient(t);
    const stranger = source();
    for (let i = 0; i < 5; i++)
      expect((await login(client.mobile, 'guess', stranger)).status).toBe(400);
    expect((await login(client.mobile, 'guess', stranger)).status).toBe(429);
    expect((await login(client.mobile, client.password, source())).status).toBe(200);
  });

  it('a stolen token cannot guess the password through pwd_verify more than the lockout allows', async () => {
    const client = await signUpClient(t);
    const thief = source();
    const verify = (password: string) =>
      t.api.post('/client/app/v1/pwd_verify', { password: md5(password) }, client.token, thief);
    const replies = await Promise.all(Array.from({ length: 12 }, () => verify('guess')));
    expect(replies.filter((r) => r.status === 400).length).toBe(5);
    expect(replies.filter((r) => r.status === 429).length).toBe(7);
    // Even the right password is refused now, so the thief cannot go on to set a new PIN.
    expect((await verify(client.password)).status).toBe(429);
    // …and signing in from that source is locked out by the same count.
    expect((await login(client.mobile, client.password, thief)).status).toBe(429);
  });

  it('the per-mobile ceiling: 50 wrong passwords an hour across 10 sources, then even a new source waits the hour', async () => {
    const client = await signUpClient(t);
    const sources = Array.from({ length: 10 }, source);
    // Five from each source: none reaches its own source's limit, together they reach 50.
    const replies = await Promise.all(
      sources.flatMap((from) =>
        Array.from({ length: 5 }, () => login(client.mobile, 'guess', from)),
      ),
    );
    expect(replies.filter((r) => r.status === 400)).toHaveLength(50);
    // The 51st is refused before its hash, from an address never seen, right password or not.
    const fresh = source();
    const refused = await login(client.mobile, client.password, fresh);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ApiMessage.tooManySignIns);
    // Another client is not touched by this one's ceiling.
    const other = await signUpClient(t);
    expect((await login(other.mobile, other.password, source())).status).toBe(200);
    // An hour on, the ceiling's block is over: the owner signs in.
    t.clock.advance(60 * MINUTE + 1000);
    expect((await login(client.mobile, client.password, fresh)).status).toBe(200);
  });

  it('change_pwd spends from the same lockout', async () => {
    const client = await signUpClient(t);
    const thief = source();
    const change = (old: string) =>
      t.api.post(
        '/auth/app/v1/change_pwd',
        { old_password: md5(old), new_password: md5('taken-over-1') },
        client.token,
        thief,
      );
    for (let i = 0; i < 5; i++) expect((await change('guess')).status).toBe(400);
    expect((await change(client.password)).status).toBe(429);
  });
});

describe('reset codes', () => {
  it("a stranger's five wrong guesses do not burn the owner's code", async () => {
    const client = await signUpClient(t);
    const { code } = await t.ctx.auth.issueResetCode(client.mobile, { type: 'system', id: 'test' });
    const wrong = code === '000000' ? '111111' : '000000';
    const stranger = source();
    const check = (guess: string, from: Record<string, string>) =>
      t.api.post<{ reset_token: string }>(
        '/client/app/v1/code',
        { email: `+91${client.mobile}`, code: guess },
        undefined,
        from,
      );
    for (let i = 0; i < 5; i++) expect((await check(wrong, stranger)).status).toBe(400);
    // The stranger's source is spent, even for the right code…
    expect((await check(code, stranger)).status).toBe(400);
    // …while the owner, from their own phone, still trades the code for a reset token.
    const owner = await check(code, source());
    expect(owner.status).toBe(200);
    expect(owner.body.data.reset_token).toEqual(expect.any(String));
  });
});
