import { ApiMessage, type TLoginAnswer } from '@sampada/shared';
import { recordAudit } from '../../platform/audit.ts';
import { hashSecret } from '../../platform/crypto.ts';
import { conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { AuthParts } from './auth-deps.ts';
import type { RequestMeta } from './session-deps.ts';

/**
 * Sign-up with an invitation: the client, their audit row and a first session, at once. While
 * the firm requires a second factor there is no session yet: the answer is sign-in's enrolment
 * challenge, so a new client cannot hold working tokens without 2FA (issue 32).
 */
export async function registerClient(
  parts: AuthParts,
  input: { mobile: string; passwordMd5: string; inviteCode: string },
  meta: RequestMeta,
): Promise<TLoginAnswer> {
  const { db, clients, invites, sessions, challenges } = parts;
  const { authData, openSession } = sessions;
  const passwordHash = await hashSecret(input.passwordMd5);
  const mustEnrol = await parts.twoFactorRequired();
  try {
    const { clientId, session } = await db.transaction(async (tx) => {
      // The invitation first: without a good one, nobody learns whether the mobile exists
      // (the same answer, after the same hash, for a known and an unknown number). A taken
      // mobile then rolls the invitation's use back with the rest.
      const invite = await invites.consumeInvite(tx, input.inviteCode);
      if (await clients.findByMobile(input.mobile, tx)) throw conflict(ApiMessage.mobileTaken);
      const client = await clients.insertClient(tx, {
        mobile: input.mobile,
        passwordHash,
        advisorId: invite.advisorId,
        inviteCodeId: invite.id,
      });
      await recordAudit(
        tx,
        { type: 'client', id: client.id, ip: meta.ip },
        {
          action: 'client.register',
          subjectType: 'client',
          subjectId: client.id,
          after: { uid: client.uid, invite: invite.code },
        },
      );
      const session = mustEnrol ? null : await openSession(tx, client.id, meta);
      return { clientId: client.id, session };
    });
    // The enrolment reads the client's row, so it starts once the sign-up has committed.
    if (!session) return await challenges.open(clientId, 'enrol');
    return await authData(clientId, session.sessionId, session.refresh);
  } catch (error) {
    // Two sign-ups of one mobile racing: the unique index decides, the loser is told plainly.
    if (isUniqueViolation(error, 'clients_mobile_unique')) throw conflict(ApiMessage.mobileTaken);
    throw error;
  }
}
