/**
 * Password-reset codes: an advisor issues a six-digit code to read to the client; the client
 * trades it for a one-time reset token, and the token for a new password. Codes and tokens
 * are stored hashed, attempts are counted before the slow comparison, and only the latest
 * code of a client works.
 */
import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { ApiMessage, canonicalMobile } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import {
  type AttemptRule,
  blockedUntil,
  claimAttempt,
  recordFailure,
} from '../../platform/attempts.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { addMs, type Clock, MINUTE } from '../../platform/clock.ts';
import {
  decoySecretHash,
  hashSecret,
  randomDigits,
  randomToken,
  sha256,
  verifySecret,
} from '../../platform/crypto.ts';
import { badRequest, notFound, tooMany } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { assertActsFor, type Viewer } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import type { RequestMeta, Sessions } from './sessions.ts';
import { resetCodes } from './tables.ts';

export const RESET_CHECKS_PER_IP: AttemptRule = {
  limit: 10,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
};
export const RESET_CODES_PER_CLIENT: AttemptRule = {
  limit: 5,
  windowMs: 60 * MINUTE,
  blockMs: 60 * MINUTE,
};
export const RESET_CODE_TTL_MS = 15 * MINUTE;
/**
 * Guesses at one code from one source IP. Strangers' guesses do not burn the owner's code:
 * they spend their own source's five; the code itself dies only after RESET_CODE_MAX_TOTAL.
 */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** Guesses at one code from everywhere: 20 of a million six-digit codes. */
export const RESET_CODE_MAX_TOTAL = 20;
const RESET_CODE_PER_SOURCE: AttemptRule = {
  limit: RESET_CODE_MAX_ATTEMPTS,
  windowMs: RESET_CODE_TTL_MS,
  blockMs: RESET_CODE_TTL_MS,
};
export const RESET_TOKEN_TTL_MS = 15 * MINUTE;

export function createResetCodes({
  db,
  clock,
  clients,
  sessions,
}: {
  db: Db;
  clock: Clock;
  clients: ClientService;
  sessions: Pick<Sessions, 'revokeAllSessions'>;
}) {
  return {
    /**
     * An advisor (or the operator CLI) issues a code to read to the client. A staff `viewer`
     * issues only for clients they may act for, and is recorded as the issuer.
     */
    async issueResetCode(mobileInput: string, actor: Actor, viewer: Viewer | null = null) {
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
    },

    /**
     * Reset codes newest first, for the console: never the code itself, only when it
     * expires, how many attempts it has had and what became of it. With a `viewer`, only
     * those of the clients they may see.
     */
    async listResetCodes(filter: { clientId?: string; viewer?: Viewer; limit: number }) {
      const where: SQL[] = [];
      const advisorId = filter.viewer?.seesAdvisor;
      if (filter.clientId) where.push(eq(resetCodes.clientId, filter.clientId));
      if (advisorId) where.push(inArray(resetCodes.clientId, clients.idsOfAdvisor(advisorId)));
      const rows = await db
        .select()
        .from(resetCodes)
        .where(and(...where))
        .orderBy(desc(resetCodes.createdAt))
        .limit(filter.limit);
      const refs = await clients.refsOf(rows.map((row) => row.clientId));
      const now = clock.now();
      return rows.map((row) => ({
        id: row.id,
        client_id: row.clientId,
        client_mobile: refs.get(row.clientId)!.mobile,
        expires_at: row.expiresAt.toISOString(),
        attempts: row.attempts,
        max_attempts: RESET_CODE_MAX_ATTEMPTS,
        status:
          row.usedAt && row.resetTokenHash
            ? ('used' as const)
            : row.usedAt
              ? ('replaced' as const)
              : row.verifiedAt
                ? ('verified' as const)
                : row.attempts >= RESET_CODE_MAX_TOTAL
                  ? ('exhausted' as const)
                  : row.expiresAt <= now
                    ? ('expired' as const)
                    : ('active' as const),
        issued_by: row.issuedByStaffId,
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** Checks the code and hands back a one-time reset token. Wrong or unknown: one message. */
    async verifyResetCode(input: { mobile: string; code: string }, meta: RequestMeta) {
      const now = clock.now();
      const ipKey = `reset:ip:${meta.ip}`;
      if (await blockedUntil(db, ipKey, now)) throw tooMany(ApiMessage.tooManyCodes);
      const client = await clients.findByMobile(input.mobile);
      const [pending] = client
        ? await db
            .select()
            .from(resetCodes)
            .where(
              and(
                eq(resetCodes.clientId, client.id),
                isNull(resetCodes.usedAt),
                isNull(resetCodes.verifiedAt),
                gt(resetCodes.expiresAt, now),
              ),
            )
            .orderBy(desc(resetCodes.createdAt))
            .limit(1)
        : [];
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
      if (!pending || pending.attempts >= RESET_CODE_MAX_TOTAL) throw await refuse();
      // Counted before the slow comparison so parallel guesses each spend one: this source's
      // own five first, then the code's total.
      const sourceKey = `reset:code:${pending.id}:${meta.ip}`;
      if (!(await claimAttempt(db, sourceKey, RESET_CODE_PER_SOURCE, now))) throw await refuse();
      const [counted] = await db
        .update(resetCodes)
        .set({ attempts: sql`${resetCodes.attempts} + 1` })
        .where(
          and(eq(resetCodes.id, pending.id), sql`${resetCodes.attempts} < ${RESET_CODE_MAX_TOTAL}`),
        )
        .returning({ attempts: resetCodes.attempts });
      if (!counted) throw await refuse();
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
          and(
            eq(resetCodes.id, pending.id),
            isNull(resetCodes.verifiedAt),
            isNull(resetCodes.usedAt),
          ),
        )
        .returning({ id: resetCodes.id });
      if (!verified) throw await fail();
      return { reset_token: resetToken };
    },

    async resetPassword(
      input: { mobile: string; passwordMd5: string; resetToken: string },
      meta: RequestMeta,
    ) {
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
    },
  };
}
export type ResetCodes = ReturnType<typeof createResetCodes>;
