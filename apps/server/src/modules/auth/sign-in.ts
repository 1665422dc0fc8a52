import {
  ApiMessage,
  canonicalMobile,
  type TLoginAnswer,
  type TLoginVerified,
} from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import type { AuthParts } from './auth-deps.ts';
import type { RequestMeta } from './session-deps.ts';

/** Step one of sign-in: the password; tokens, or a challenge when a second factor is owed. */
export async function login(
  parts: AuthParts,
  input: { username: string; passwordMd5: string },
  meta: RequestMeta,
): Promise<TLoginAnswer> {
  const { db, clients, attempts, totp, challenges, sessions } = parts;
  const { authData, openSession } = sessions;
  const mobile = canonicalMobile(input.username);
  // Counted before the hash: a burst of guesses cannot get more checks than the limit.
  const attempt = await attempts.spend(mobile ?? input.username, meta.ip);
  const client = mobile ? await clients.findByMobile(mobile) : undefined;
  if (!(await clients.passwordMatches(client, input.passwordMd5)) || !client) {
    throw badRequest(ApiMessage.badCredentials);
  }
  await attempt.succeeded();
  await clients.upgradePasswordHash(client, input.passwordMd5);
  // With a second factor on (or required by the firm), no tokens yet: a challenge.
  const owed = await totp.secondFactorOf(client.id);
  if (owed) return challenges.open(client.id, owed);
  const { sessionId, refresh } = await db.transaction((tx) => openSession(tx, client.id, meta));
  return authData(client.id, sessionId, refresh);
}

/** Step two of sign-in: a TOTP or recovery code for the challenge `login` answered. */
export async function loginVerify(
  parts: AuthParts,
  input: { challengeToken: string; code: string },
  meta: RequestMeta,
): Promise<TLoginVerified> {
  const { db, challenges, sessions } = parts;
  const { authData, openSession } = sessions;
  const { clientId, recoveryCodes } = await challenges.verify(
    input.challengeToken,
    input.code,
    meta,
  );
  const { sessionId, refresh } = await db.transaction((tx) => openSession(tx, clientId, meta));
  const data = await authData(clientId, sessionId, refresh);
  return recoveryCodes ? { ...data, recovery_codes: recoveryCodes } : data;
}

/**
 * A refresh: new tokens; or, while the firm requires 2FA and the client has none, the session
 * ends and the answer is the same enrolment challenge sign-in gives (issue 32), so a session
 * opened before the setting was turned on cannot keep refreshing without a second factor.
 */
export async function refresh(
  parts: AuthParts,
  refreshToken: string,
  meta: RequestMeta,
): Promise<TLoginAnswer> {
  const { sessions, totp, challenges, twoFactorRequired } = parts;
  // Read in the refresh's own transaction: a burst of refreshes must not each hold one
  // connection while waiting for a second from the same pool.
  const enrolmentOwed = async (clientId: string, tx: Executor) =>
    (await twoFactorRequired()) && (await totp.secondFactorOf(clientId, tx)) === 'enrol';
  const answer = await sessions.refresh(refreshToken, meta, enrolmentOwed);
  return 'enrolClientId' in answer ? challenges.open(answer.enrolClientId, 'enrol') : answer;
}
