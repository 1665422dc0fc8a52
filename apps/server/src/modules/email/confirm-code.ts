/**
 * The client types the code they were sent: five tries, fifteen minutes. A right code makes
 * the address the account's verified one; the address it replaces is told (so a hijack is
 * noticed by the person it would hurt).
 */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { EMAIL_MSG } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { verifySecret } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { MailService } from '../mail/service.ts';
import { changedMail } from './messages.ts';
import { EMAIL_CODE_MAX_ATTEMPTS } from './start-verification.ts';
import { clientEmails, emailCodes } from './tables.ts';

export async function confirmCode(
  deps: { db: Db; clock: Clock; mail: MailService },
  input: { clientId: string; code: string; actor: Actor },
) {
  const { db, clock } = deps;
  const { clientId } = input;
  const now = clock.now();
  const [pending] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.clientId, clientId), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!pending) throw badRequest(EMAIL_MSG.noPending);
  if (pending.expiresAt <= now) throw badRequest(EMAIL_MSG.codeExpired);
  // Counted before the slow comparison, guarded, so parallel guesses cannot exceed five.
  const [counted] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.id, pending.id),
        isNull(emailCodes.usedAt),
        lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: emailCodes.attempts });
  if (!counted) throw badRequest(EMAIL_MSG.codeSpent);
  if (!(await verifySecret(input.code, pending.codeHash))) {
    const left = EMAIL_CODE_MAX_ATTEMPTS - counted.attempts;
    throw badRequest(left > 0 ? EMAIL_MSG.codeWrong(left) : EMAIL_MSG.codeSpent);
  }
  await inTransaction(db, async (tx) => {
    const [used] = await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.id, pending.id), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id });
    if (!used) throw badRequest(EMAIL_MSG.noPending);
    const [before] = await tx
      .select()
      .from(clientEmails)
      .where(eq(clientEmails.clientId, clientId))
      .for('update');
    await tx
      .insert(clientEmails)
      .values({ clientId, address: pending.address, verifiedAt: now })
      .onConflictDoUpdate({
        target: clientEmails.clientId,
        set: { address: pending.address, verifiedAt: now },
      });
    if (before && before.address !== pending.address) {
      await deps.mail.enqueue(tx, {
        purpose: 'email.changed',
        clientId,
        to: before.address,
        ...changedMail(pending.address),
      });
    }
    await recordAudit(tx, input.actor, {
      action: 'client.email.verify',
      subjectType: 'client',
      subjectId: clientId,
      before: before ? { address: before.address } : null,
      after: { address: pending.address },
    });
  });
}
