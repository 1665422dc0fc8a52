import { canonicalMobile } from '@sampada/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { blockedUntil, recordFailure } from '../../platform/attempts.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { addMs } from '../../platform/clock.ts';
import { hashSecret, randomDigits } from '../../platform/crypto.ts';
import { notFound, tooMany } from '../../platform/errors.ts';
import { assertActsFor, type Viewer } from '../../platform/viewer.ts';
import {
  RESET_CODE_TTL_MS,
  RESET_CODES_PER_CLIENT,
  type ResetCodeDeps,
} from './reset-code-rules.ts';
import { resetCodes } from './tables.ts';

/**
 * An advisor (or the operator CLI) issues a code to read to the client. A staff `viewer`
 * issues only for clients they may act for, and is recorded as the issuer.
 */
export async function issueResetCode(
  deps: ResetCodeDeps,
  mobileInput: string,
  actor: Actor,
  viewer: Viewer | null = null,
) {
  const { db, clock, clients } = deps;
  const mobile = canonicalMobile(mobileInput);
  const client = mobile ? await clients.findByMobile(mobile) : undefined;
  if (!client) throw notFound('No client has that mobile number.');
  if (viewer) assertActsFor(viewer, client.advisorId);
  const staffId = viewer?.staffId ?? null;
  const now = clock.now();
  const limitKey = `reset:issue:${client.id}`;
  if (await blockedUntil(db, limitKey, now)) {
    throw tooMany('Five codes were issued for this client in the last hour. Try again later.');
  }
  const code = randomDigits(6);
  const codeHash = await hashSecret(code);
  const expiresAt = addMs(now, RESET_CODE_TTL_MS);
  await db.transaction(async (tx) => {
    // A new code replaces any outstanding one: only the latest works.
    await tx
      .update(resetCodes)
      .set({ usedAt: now })
      .where(and(eq(resetCodes.clientId, client.id), isNull(resetCodes.usedAt)));
    const [row] = await tx
      .insert(resetCodes)
      .values({ clientId: client.id, codeHash, expiresAt, issuedByStaffId: staffId })
      .returning({ id: resetCodes.id });
    await recordFailure(tx, limitKey, RESET_CODES_PER_CLIENT, now);
    await recordAudit(tx, actor, {
      action: 'client.reset_code.issue',
      subjectType: 'client',
      subjectId: client.id,
      after: { resetCodeId: row!.id, expiresAt },
    });
  });
  return { code, expiresAt, clientId: client.id };
}
