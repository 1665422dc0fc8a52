import { ApiMessage } from '@sampada/shared';
import { recordAudit } from '../../platform/audit.ts';
import { hashSecret, verifySecret } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { AuthParts } from './auth-deps.ts';
import type { RequestMeta } from './session-deps.ts';

/** A new password for the old one: every session ends and PIN windows close. */
export async function changePassword(
  parts: AuthParts,
  clientId: string,
  input: { oldMd5: string; newMd5: string },
  meta: RequestMeta,
) {
  const { db, clients, attempts, sessions } = parts;
  const { revokeAllSessions } = sessions;
  const client = await clients.byId(clientId);
  // A stolen access token guesses the password no more often than a sign-in could.
  const attempt = await attempts.spend(client.mobile, meta.ip);
  if (!(await verifySecret(input.oldMd5, client.passwordHash))) {
    throw badRequest(ApiMessage.currentPasswordWrong);
  }
  await attempt.succeeded();
  if (input.oldMd5 === input.newMd5) throw badRequest(ApiMessage.samePassword);
  const passwordHash = await hashSecret(input.newMd5);
  await inTransaction(db, async (tx) => {
    await clients.setPasswordHash(tx, clientId, passwordHash);
    await revokeAllSessions(tx, clientId, 'password changed');
    await clients.closeClientPinWindows(tx, clientId);
    await recordAudit(
      tx,
      { type: 'client', id: clientId, ip: meta.ip },
      {
        action: 'client.password.change',
        subjectType: 'client',
        subjectId: clientId,
      },
    );
  });
  await parts.signedIn.settled();
}
