import { ApiMessage } from '@sampada/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { blockedUntil, claimAttempt, recordFailure } from '../../platform/attempts.ts';
import { addMs } from '../../platform/clock.ts';
import { decoySecretHash, randomToken, sha256, verifySecret } from '../../platform/crypto.ts';
import { badRequest, tooMany } from '../../platform/errors.ts';
import {
  RESET_CHECKS_PER_IP,
  RESET_CODE_MAX_TOTAL,
  RESET_CODE_PER_SOURCE,
  RESET_TOKEN_TTL_MS,
  type ResetCodeDeps,
} from './reset-code-rules.ts';
import type { RequestMeta } from './session-deps.ts';
import { resetCodes } from './tables.ts';

/** The id no row has: what the statements look for when there is no client or no code. */
const NO_ROW = '00000000-0000-0000-0000-000000000000';

/** Checks the code and hands back a one-time reset token. Wrong or unknown: one message. */
export async function verifyResetCode(
  deps: ResetCodeDeps,
  input: { mobile: string; code: string },
  meta: RequestMeta,
) {
  const { db, clock, clients } = deps;
  const now = clock.now();
  const ipKey = `reset:ip:${meta.ip}`;
  if (await blockedUntil(db, ipKey, now)) throw tooMany(ApiMessage.tooManyCodes);
  const client = await clients.findByMobile(input.mobile);
  // The same statements run whoever asks — a mobile with a live code, one without, an unknown
  // one — each against NO_ROW when there is nothing to find, so the answer's time tells them
  // apart no more than its words do.
  const [pending] = await db
    .select()
    .from(resetCodes)
    .where(
      and(
        eq(resetCodes.clientId, client?.id ?? NO_ROW),
        isNull(resetCodes.usedAt),
        isNull(resetCodes.verifiedAt),
        gt(resetCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(resetCodes.createdAt))
    .limit(1);
  const fail = async () => {
    await recordFailure(db, ipKey, RESET_CHECKS_PER_IP, now);
    return badRequest(ApiMessage.resetCodeInvalid);
  };
  // Every refusal spends one slow comparison, so an unknown mobile, a mobile without a
  // code and a wrong code take the same time.
  const refuse = async () => {
    await verifySecret(input.code.trim(), await decoySecretHash());
    return fail();
  };
  // Counted before the slow comparison so parallel guesses each spend one: this source's
  // own five first, then the code's total (a code at its total counts nothing more).
  const codeId = pending?.id ?? NO_ROW;
  const claimed = await claimAttempt(
    db,
    `reset:code:${codeId}:${meta.ip}`,
    RESET_CODE_PER_SOURCE,
    now,
  );
  const [counted] = await db
    .update(resetCodes)
    .set({ attempts: sql`${resetCodes.attempts} + 1` })
    .where(and(eq(resetCodes.id, codeId), sql`${resetCodes.attempts} < ${RESET_CODE_MAX_TOTAL}`))
    .returning({ attempts: resetCodes.attempts });
  if (!pending || !claimed || !counted) throw await refuse();
  if (!(await verifySecret(input.code.trim(), pending.codeHash))) throw await fail();
  const resetToken = randomToken();
  const [verified] = await db
    .update(resetCodes)
    .set({
      verifiedAt: now,
      resetTokenHash: sha256(resetToken),
      resetTokenExpiresAt: addMs(now, RESET_TOKEN_TTL_MS),
    })
    .where(
      and(eq(resetCodes.id, pending.id), isNull(resetCodes.verifiedAt), isNull(resetCodes.usedAt)),
    )
    .returning({ id: resetCodes.id });
  if (!verified) throw await fail();
  return { reset_token: resetToken };
}
