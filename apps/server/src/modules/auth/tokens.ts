/** Short-lived access tokens (JWT, HS256) carrying the client and the session they belong to. */
import { createHmac, createSecretKey, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';
import { ApiMessage } from '@sampada/shared';
import type { Clock } from '../../platform/clock.ts';
import { unauthorized } from '../../platform/errors.ts';

export type AccessClaims = { clientId: string; sessionId: string };

const ISSUER = 'sampada';
const AUDIENCE = 'sampada-client';

const invalid = () => unauthorized(ApiMessage.tokenInvalid);

/**
 * How many verified tokens a signer keeps with their claims, so that a client's next requests
 * skip the HMAC, the base64 and the two JSON parses and the garbage they leave (client_info:
 * 65 → 42 µs of server CPU, bench/client-info.mjs). Under one key a signature cannot stop
 * being valid; the token's times are checked again on every use, and its session by the
 * caller as before. The oldest entry leaves first.
 */
export const VERIFIED_TOKENS_KEPT = 10_000;

type Verified = { claims: AccessClaims; exp: number; nbf: number | null };

/** A verified token's times against now: not yet valid, or expired. */
function inDate({ claims, exp, nbf }: Verified, now: number): AccessClaims {
  if (nbf !== null && nbf > now) throw invalid();
  if (exp <= now) throw unauthorized(ApiMessage.tokenExpired);
  return { ...claims };
}

function decodeJson(segment: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // falls through to the refusal below
  }
  throw invalid();
}

export function createTokenSigner(secretBytes: Uint8Array, ttlSeconds: number, clock: Clock) {
  // Signing (once per sign-in or refresh) goes through jose with a WebCrypto key imported once.
  let signingKey: Promise<webcrypto.CryptoKey> | null = null;
  const keyForSigning = () =>
    (signingKey ??= webcrypto.subtle.importKey(
      'raw',
      secretBytes,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    ));
  // Verifying runs on every authenticated request, so it is node's synchronous HMAC over a
  // key made once: WebCrypto's asynchronous HMAC job cost ~15% of a client_info request.
  const verifyingKey = createSecretKey(secretBytes);
  const verified = new Map<string, Verified>();
  const keep = (token: string, entry: Verified) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
  };

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
        .sign(await keyForSigning());
    },

    /**
     * Checks, in this order: three segments; a header naming HS256 and nothing it would have
     * to understand (`crit`); the signature, compared in constant time against the one this
     * key makes (base64url exactly as issued, so no second spelling passes); then the claims
     * (issuer, audience, expiry, token type, subject and session).
     */
    async verify(token: string): Promise<AccessClaims> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const known = verified.get(token);
      if (known) return inDate(known, now);
      const parts = token.split('.');
      if (parts.length !== 3) throw invalid();
      const [header, payload, signature] = parts as [string, string, string];
      const protectedHeader = decodeJson(header);
      if (protectedHeader.alg !== 'HS256' || 'crit' in protectedHeader) throw invalid();
      const expected = createHmac('sha256', verifyingKey)
        .update(`${header}.${payload}`)
        .digest('base64url');
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected)))
        throw invalid();

      const claims = decodeJson(payload);
      const audience = claims.aud;
      const audienceOk = Array.isArray(audience)
        ? audience.includes(AUDIENCE)
        : audience === AUDIENCE;
      if (claims.iss !== ISSUER || !audienceOk) throw invalid();
      if (typeof claims.exp !== 'number') throw invalid();
      const entry: Verified = {
        claims: { clientId: String(claims.sub), sessionId: String(claims.sid) },
        exp: claims.exp,
        nbf: typeof claims.nbf === 'number' ? claims.nbf : null,
      };
      const accessClaims = inDate(entry, now);
      if (
        claims.typ !== 'access' ||
        typeof claims.sub !== 'string' ||
        typeof claims.sid !== 'string'
      ) {
        throw invalid();
      }
      keep(token, entry);
      return accessClaims;
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
