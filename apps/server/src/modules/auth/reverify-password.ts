import { ApiMessage } from '@sampada/shared';
import { verifySecret } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import type { AuthParts } from './auth-deps.ts';
import type { RequestMeta } from './session-deps.ts';

/** `totp/enrol`: the password again in this request, or a pwd_verify in the last 5 min. */
export async function startTotpEnrolment(
  parts: AuthParts,
  who: { clientId: string; sessionId: string },
  passwordMd5: string | undefined,
  meta: RequestMeta,
) {
  const { clients, attempts, sessions, totp } = parts;
  if (passwordMd5 === undefined) await sessions.requireRecentPasswordVerification(who.sessionId);
  else {
    const client = await clients.byId(who.clientId);
    const attempt = await attempts.spend(client.mobile, meta.ip);
    if (!(await verifySecret(passwordMd5, client.passwordHash)))
      throw badRequest(ApiMessage.currentPasswordWrong);
    await attempt.succeeded();
  }
  return totp.startEnrolment(who.clientId);
}

/** `pwd_verify`: the password again, counted toward the sign-in lockout; opens the PIN step. */
export async function verifyPassword(
  parts: AuthParts,
  who: { clientId: string; sessionId: string },
  passwordMd5: string,
  meta: RequestMeta,
) {
  const { clients, attempts, sessions } = parts;
  const client = await clients.byId(who.clientId);
  const attempt = await attempts.spend(client.mobile, meta.ip);
  await clients.verifyPassword(who.clientId, passwordMd5);
  await attempt.succeeded();
  await sessions.markPasswordVerified(who.sessionId);
}
