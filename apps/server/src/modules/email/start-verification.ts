/**
 * A client asks to verify an address: a fresh 6-digit code goes to it (the earlier code stops
 * working). Replacing a verified address needs the PIN, so that a stolen session cannot
 * redirect contract notes. At most five codes an hour per client.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { EMAIL_MSG } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type AttemptRule, blockedUntil, recordFailure } from '../../platform/attempts.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { addMs, type Clock, MINUTE } from '../../platform/clock.ts';
import { hashSecret, randomDigits } from '../../platform/crypto.ts';
import { badRequest, tooMany } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { ClientService } from '../clients/service.ts';
import type { MailService } from '../mail/service.ts';
import { codeMail } from './messages.ts';
import { clientEmails, emailCodes } from './tables.ts';

export const EMAIL_CODE_TTL_MS = 15 * MINUTE;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_CODES_PER_CLIENT: AttemptRule = {
  limit: 5,
  windowMs: 60 * MINUTE,
  blockMs: 60 * MINUTE,
};

export async function startVerification(
  deps: { db: Db; clock: Clock; clients: ClientService; mail: MailService },
  input: { clientId: string; address: string; pin?: string | undefined; actor: Actor },
) {
  const { db, clock } = deps;
  const { clientId, address } = input;
  const [current] = await db.select().from(clientEmails).where(eq(clientEmails.clientId, clientId));
  if (current?.address === address) throw badRequest(EMAIL_MSG.sameAddress);
  if (current) {
    if (!input.pin) throw badRequest(EMAIL_MSG.pinNeeded);
    await deps.clients.verifyPin(clientId, input.pin);
  }
  const now = clock.now();
  const limitKey = `email:code:${clientId}`;
  if (await blockedUntil(db, limitKey, now)) throw tooMany(EMAIL_MSG.tooManyCodes);
  const code = randomDigits(6);
  // Hashed before the transaction: argon2id inside it would hold the connection ~50 ms.
  const codeHash = await hashSecret(code);
  const expiresAt = addMs(now, EMAIL_CODE_TTL_MS);
  await inTransaction(db, async (tx) => {
    await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.clientId, clientId), isNull(emailCodes.usedAt)));
    await tx.insert(emailCodes).values({ clientId, address, codeHash, expiresAt, createdAt: now });
    await recordFailure(tx, limitKey, EMAIL_CODES_PER_CLIENT, now);
    await deps.mail.enqueue(tx, {
      purpose: 'email.verify',
      clientId,
      to: address,
      ...codeMail(code),
    });
    await recordAudit(tx, input.actor, {
      action: 'client.email.code',
      subjectType: 'client',
      subjectId: clientId,
      after: { address, expiresAt },
    });
  });
}
