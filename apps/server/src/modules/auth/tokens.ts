/** Short-lived access tokens (JWT, HS256) carrying the client and the session they belong to. */
import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ApiMessage } from '@sampada/shared';
import type { Clock } from '../../platform/clock.ts';
import { unauthorized } from '../../platform/errors.ts';

export type AccessClaims = { clientId: string; sessionId: string };

const ISSUER = 'sampada';
const AUDIENCE = 'sampada-client';

export function createTokenSigner(secretBytes: Uint8Array, ttlSeconds: number, clock: Clock) {
  // Imported into WebCrypto once: given raw bytes (or a secret KeyObject, which it exports),
  // jose would import the key again on every sign and every verify.
  let key: Promise<webcrypto.CryptoKey> | null = null;
  const secret = () =>
    (key ??= webcrypto.subtle.importKey(
      'raw',
      secretBytes,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.clientId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(await secret());
    },
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, await secret(), {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (
          payload.typ !== 'access' ||
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string'
        ) {
          throw unauthorized(ApiMessage.tokenInvalid);
        }
        return { clientId: payload.sub, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized(ApiMessage.tokenExpired);
        if (error instanceof errors.JOSEError) throw unauthorized(ApiMessage.tokenInvalid);
        throw error;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
