/** Access-token verification: only what this key signed, for this audience, still in date. */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ApiMessage } from '@sampada/shared';
import { manualClock, MINUTE } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { createTokenSigner, VERIFIED_TOKENS_KEPT } from './tokens.ts';

const key = new TextEncoder().encode('k'.repeat(32));
const otherKey = new TextEncoder().encode('o'.repeat(32));
const claims = { clientId: '11111111-1111-4111-8111-111111111111', sessionId: 'session-1' };

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(401);
  return (error as AppError).message;
};

/** A token made by hand, to try what the signer itself would never issue. */
function handMade(
  clock: { now(): Date },
  overrides: { alg?: string; key?: Uint8Array; payload?: Record<string, unknown> } = {},
) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({
    sid: claims.sessionId,
    typ: 'access',
    sub: claims.clientId,
    iss: 'sampada',
    aud: 'sampada-client',
    iat: now,
    exp: now + 900,
    ...overrides.payload,
  })
    .setProtectedHeader({ alg: overrides.alg ?? 'HS256' })
    .sign(overrides.key ?? key);
}

describe('access tokens', () => {
  it('verifies what it signed and returns the client and session', async () => {
    const clock = manualClock();
    const signer = createTokenSigner(key, 900, clock);
    expect(await signer.verify(await signer.sign(claims))).toEqual(claims);
  });

  it('refuses a token signed with another key, or with its payload or signature altered', async () => {
    const clock = manualClock();
    const signer = createTokenSigner(key, 900, clock);
    const foreign = await createTokenSigner(otherKey, 900, clock).sign(claims);
    expect(await refusal(signer.verify(foreign))).toBe(ApiMessage.tokenInvalid);

    const [h, , s] = (await signer.sign(claims)).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        sid: 'other',
        typ: 'access',
        sub: 'x',
        iss: 'sampada',
        aud: 'sampada-client',
        exp: 9e9,
      }),
    ).toString('base64url');
    expect(await refusal(signer.verify(`${h}.${forgedPayload}.${s}`))).toBe(
      ApiMessage.tokenInvalid,
    );
    // The same signature spelt with padding or standard base64 is not the issued token.
    expect(await refusal(signer.verify(`${h}.${forgedPayload}.${s}=`))).toBe(
      ApiMessage.tokenInvalid,
    );
    expect(await refusal(signer.verify('not-a-jwt'))).toBe(ApiMessage.tokenInvalid);
    expect(await refusal(signer.verify('a.b.c.d'))).toBe(ApiMessage.tokenInvalid);
  });

  it('refuses alg none and any algorithm but HS256', async () => {
    const clock = manualClock();
    const signer = createTokenSigner(key, 900, clock);
    const [, p, s] = (await signer.sign(claims)).split('.');
    const none = Buffer.from('{"alg":"none"}').toString('base64url');
    expect(await refusal(signer.verify(`${none}.${p}.`))).toBe(ApiMessage.tokenInvalid);
    expect(await refusal(signer.verify(`${none}.${p}.${s}`))).toBe(ApiMessage.tokenInvalid);
    const hs512 = await handMade(clock, { alg: 'HS512', key: new Uint8Array(64).fill(7) });
    expect(await refusal(signer.verify(hs512))).toBe(ApiMessage.tokenInvalid);
  });

  it('refuses another issuer, another audience, a refresh-typed token and a token not yet valid', async () => {
    const clock = manualClock();
    const signer = createTokenSigner(key, 900, clock);
    expect(await signer.verify(await handMade(clock))).toEqual(claims);
    for (const payload of [
      { iss: 'someone-else' },
      { aud: 'sampada-staff' },
      { typ: 'refresh' },
      { sid: 42 },
      { exp: 'never' },
      { nbf: Math.floor(clock.now().getTime() / 1000) + 60 },
    ]) {
      expect(await refusal(signer.verify(await handMade(clock, { payload })))).toBe(
        ApiMessage.tokenInvalid,
      );
    }
  });

  it('says a token is expired once its lifetime has passed, and not a second before', async () => {
    const clock = manualClock();
    const signer = createTokenSigner(key, 900, clock);
    const token = await signer.sign(claims);
    clock.advance(15 * MINUTE - 1000);
    expect(await signer.verify(token)).toEqual(claims);
    clock.advance(1000);
    expect(await refusal(signer.verify(token))).toBe(ApiMessage.tokenExpired);
  });

  it('a token verified before passes again, still expires on time, and hands out a copy of its claims', async () => {
    const clock = manualClock();
    const signer = createTokenSigner(key, 900, clock);
    const token = await signer.sign(claims);
    const first = await signer.verify(token);
    first.clientId = 'changed by the caller';
    expect(await signer.verify(token)).toEqual(claims);
    clock.advance(15 * MINUTE);
    expect(await refusal(signer.verify(token))).toBe(ApiMessage.tokenExpired);
  });

  it('keeps a bounded number of verified tokens and still verifies every one after', async () => {
    const clock = manualClock();
    const signer = createTokenSigner(key, 900, clock);
    const tokens: string[] = [];
    for (let i = 0; i <= VERIFIED_TOKENS_KEPT; i += 1)
      tokens.push(await handMade(clock, { payload: { sid: `session-${i}` } }));
    for (const token of tokens) await signer.verify(token);
    // The first left the kept set when the last came: it is checked in full again.
    expect(await signer.verify(tokens[0]!)).toEqual({ ...claims, sessionId: 'session-0' });
    expect(await signer.verify(tokens.at(-1)!)).toEqual({
      ...claims,
      sessionId: `session-${VERIFIED_TOKENS_KEPT}`,
    });
    const tail = tokens[1]!.endsWith('AA') ? 'BA' : 'AA';
    const tampered = `${tokens[1]!.slice(0, -2)}${tail}`;
    expect(await refusal(signer.verify(tampered))).toBe(ApiMessage.tokenInvalid);
  });
});
