import { ApiMessage } from '@sampada/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import { hashSecret, sha256 } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { ResetCodeDeps } from './reset-code-rules.ts';
import type { RequestMeta } from './session-deps.ts';
import { resetCodes } from './tables.ts';

/** Trades a reset token for a new password: every session ends and PIN windows close. */
export async function resetPassword(
  deps: ResetCodeDeps,
  input: { mobile: string; passwordMd5: string; resetToken: string },
  meta: RequestMeta,
) {
  const { db, clock, clients, sessions } = deps;
  const now = clock.now();
  const client = await clients.findByMobile(input.mobile);
  if (!client) throw badRequest(ApiMessage.resetTokenInvalid);
  const passwordHash = await hashSecret(input.passwordMd5);
  await inTransaction(db, async (tx) => {
    const [used] = await tx
      .update(resetCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(resetCodes.clientId, client.id),
          eq(resetCodes.resetTokenHash, sha256(input.resetToken)),
          isNull(resetCodes.usedAt),
          gt(resetCodes.resetTokenExpiresAt, now),
        ),
      )
      .returning({ id: resetCodes.id });
    if (!used) throw badRequest(ApiMessage.resetTokenInvalid);
    await clients.setPasswordHash(tx, client.id, passwordHash);
    await sessions.revokeAllSessions(tx, client.id, 'password reset');
    await clients.closeClientPinWindows(tx, client.id);
    await recordAudit(
      tx,
      { type: 'client', id: client.id, ip: meta.ip },
      {
        action: 'client.password.reset',
        subjectType: 'client',
        subjectId: client.id,
        after: { resetCodeId: used.id },
      },
    );
  });
  await clients.settled();
}
