/**
 * A client's second factor (issue 32; docs/api-identity.md "Two-factor"): enrol (password
 * re-verified), confirm a first code to turn it on and receive 10 one-time recovery codes
 * (stored as slow hashes), disable with a code. A code is good once: the accepted time step
 * is claimed atomically, a recovery code is removed as it is spent. Every code tried spends
 * from the same lockout as passwords (password-attempts.ts).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { TOTP_RECOVERY_CODE_COUNT, TwoFactorMessage as TM } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { auditLog } from '../../platform/tables.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { decrypt, encrypt, hashSecret, verifySecret } from '../../platform/crypto.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import {
  looksLikeTotp,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  totpEnrolment,
  totpStep,
} from '../../platform/totp.ts';
import type { ClientService } from '../clients/service.ts';
import type { PasswordAttempts } from './password-attempts.ts';
import type { RequestMeta } from './sessions.ts';
import { clientTotp } from './tables.ts';

type TotpRow = typeof clientTotp.$inferSelect;

export function createClientTotp(deps: {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  clients: Pick<ClientService, 'byId'>;
  attempts: PasswordAttempts;
  /** The firm's setting: clients must have a second factor. */
  required: () => Promise<boolean>;
}) {
  const { db, clock, dataKey, clients, attempts } = deps;

  const rowOf = async (clientId: string, executor: Executor = db) =>
    (await executor.select().from(clientTotp).where(eq(clientTotp.clientId, clientId)))[0];
  const isOn = (row: TotpRow | undefined): row is TotpRow & { secretEnc: string } =>
    Boolean(row?.secretEnc && row.enabledAt);

  /** Claims a TOTP's time step: false when this code (or a later one) was already used. */
  async function claimStep(executor: Executor, clientId: string, step: number) {
    const claimed = await executor
      .update(clientTotp)
      .set({ lastStep: step })
      .where(
        sql`${clientTotp.clientId} = ${clientId} and (${clientTotp.lastStep} is null or ${clientTotp.lastStep} < ${step})`,
      )
      .returning({ clientId: clientTotp.clientId });
    return claimed.length === 1;
  }

  /** A TOTP of the enabled secret (once) or an unspent recovery code (removed as it is used). */
  async function codeIsGood(row: TotpRow & { secretEnc: string }, code: string) {
    if (looksLikeTotp(code)) {
      const step = totpStep(decrypt(row.secretEnc, dataKey), code.replace(/\s/g, ''), clock.now());
      return step !== null && (await claimStep(db, row.clientId, step));
    }
    const typed = normalizeRecoveryCode(code);
    for (const hash of row.recoveryCodeHashes) {
      if (!(await verifySecret(typed, hash))) continue;
      const spent = await db
        .update(clientTotp)
        .set({ recoveryCodeHashes: sql`array_remove(${clientTotp.recoveryCodeHashes}, ${hash})` })
        .where(
          sql`${clientTotp.clientId} = ${row.clientId} and ${hash} = any(${clientTotp.recoveryCodeHashes})`,
        )
        .returning({ clientId: clientTotp.clientId });
      return spent.length === 1;
    }
    return false;
  }

  /** A code tried for this client, counted toward the lockout before anything slow runs. */
  async function checkCode(clientId: string, code: string, meta: RequestMeta) {
    const row = await rowOf(clientId);
    if (!isOn(row)) throw badRequest(TM.notOn);
    const { mobile } = await clients.byId(clientId);
    const attempt = await attempts.spend(mobile, meta.ip);
    if (!(await codeIsGood(row, code))) return false;
    await attempt.succeeded();
    return true;
  }

  async function freshRecoveryCodes() {
    const codes = Array.from({ length: TOTP_RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => hashSecret(normalizeRecoveryCode(c))));
    return { codes, hashes };
  }

  /** Turns the pending secret on if `code` proves it; answers the recovery codes, or null. */
  async function confirmPending(clientId: string, code: string, meta: RequestMeta) {
    const row = await rowOf(clientId);
    if (isOn(row)) throw conflict(TM.alreadyOn);
    if (!row?.pendingSecretEnc) throw badRequest(TM.enrolFirst);
    const { mobile } = await clients.byId(clientId);
    const attempt = await attempts.spend(mobile, meta.ip);
    const step = looksLikeTotp(code)
      ? totpStep(decrypt(row.pendingSecretEnc, dataKey), code.replace(/\s/g, ''), clock.now())
      : null;
    if (step === null) return null;
    await attempt.succeeded();
    const { codes, hashes } = await freshRecoveryCodes();
    const enabled = await inTransaction(db, async (tx) => {
      const [on] = await tx
        .update(clientTotp)
        .set({
          secretEnc: row.pendingSecretEnc,
          enabledAt: clock.now(),
          pendingSecretEnc: null,
          pendingAt: null,
          lastStep: step,
          recoveryCodeHashes: hashes,
        })
        .where(sql`${clientTotp.clientId} = ${clientId} and ${clientTotp.enabledAt} is null`)
        .returning({ clientId: clientTotp.clientId });
      if (!on) return false;
      await recordAudit(
        tx,
        { type: 'client', id: clientId, ip: meta.ip },
        { action: 'client.totp.enable', subjectType: 'client', subjectId: clientId },
      );
      return true;
    });
    if (!enabled) throw conflict(TM.alreadyOn);
    return codes;
  }

  /**
   * When staff last reset this client's second factor, unless it was turned on again since:
   * the Security screen tells the client (the audit log is where the reset is recorded).
   */
  async function resetAt(clientId: string) {
    const [last] = await db
      .select({ at: auditLog.at, action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectType, 'client'),
          eq(auditLog.subjectId, clientId),
          inArray(auditLog.action, ['client.totp.reset', 'client.totp.enable']),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    return last?.action === 'client.totp.reset' ? last.at.toISOString() : null;
  }

  return {
    async status(clientId: string) {
      const row = await rowOf(clientId);
      const on = isOn(row);
      return {
        enabled: on,
        required: await deps.required(),
        recovery_codes_left: on ? row.recoveryCodeHashes.length : 0,
        reset_at: on ? null : await resetAt(clientId),
      };
    },

    /** What sign-in owes after the password: a code, a first enrolment, or nothing. */
    async secondFactorOf(clientId: string): Promise<'totp' | 'enrol' | null> {
      if (isOn(await rowOf(clientId))) return 'totp';
      return (await deps.required()) ? 'enrol' : null;
    },

    /** A new secret waiting for its first code (replacing any earlier one not confirmed). */
    async startEnrolment(clientId: string) {
      if (isOn(await rowOf(clientId))) throw conflict(TM.alreadyOn);
      const { mobile } = await clients.byId(clientId);
      const secret = newTotpSecret();
      const pendingSecretEnc = encrypt(secret, dataKey);
      await db
        .insert(clientTotp)
        .values({ clientId, pendingSecretEnc, pendingAt: clock.now() })
        .onConflictDoUpdate({
          target: clientTotp.clientId,
          set: { pendingSecretEnc, pendingAt: clock.now() },
        });
      return totpEnrolment(mobile, secret);
    },

    /** `totp/confirm`, and the first code of a required enrolment at sign-in. */
    async confirm(clientId: string, code: string, meta: RequestMeta) {
      const codes = await confirmPending(clientId, code, meta);
      if (!codes) throw badRequest(TM.badCode);
      return codes;
    },
    confirmPending,
    checkCode,

    async disable(clientId: string, code: string, meta: RequestMeta) {
      if (await deps.required()) throw badRequest(TM.requiredByFirm);
      if (!(await checkCode(clientId, code, meta))) throw badRequest(TM.badCode);
      await inTransaction(db, async (tx) => {
        await tx.delete(clientTotp).where(eq(clientTotp.clientId, clientId));
        await recordAudit(
          tx,
          { type: 'client', id: clientId, ip: meta.ip },
          { action: 'client.totp.disable', subjectType: 'client', subjectId: clientId },
        );
      });
    },

    /** New recovery codes for a good code (TOTP or a recovery code): the old ones stop working. */
    async regenerateRecoveryCodes(clientId: string, code: string, meta: RequestMeta) {
      if (!(await checkCode(clientId, code, meta))) throw badRequest(TM.badCode);
      const { codes, hashes } = await freshRecoveryCodes();
      await inTransaction(db, async (tx) => {
        await tx
          .update(clientTotp)
          .set({ recoveryCodeHashes: hashes })
          .where(eq(clientTotp.clientId, clientId));
        await recordAudit(
          tx,
          { type: 'client', id: clientId, ip: meta.ip },
          { action: 'client.totp.recovery_codes', subjectType: 'client', subjectId: clientId },
        );
      });
      return codes;
    },

    /** The demo's second client only: TOTP on with a secret the README prints. */
    async enableForDemo(clientId: string, secret: string) {
      const secretEnc = encrypt(secret, dataKey);
      await db
        .insert(clientTotp)
        .values({ clientId, secretEnc, enabledAt: clock.now() })
        .onConflictDoUpdate({
          target: clientTotp.clientId,
          set: { secretEnc, enabledAt: clock.now() },
        });
    },

    /**
     * An admin clears a client's second factor (a lost phone): audited; `tell` writes the
     * client's notice in the same transaction, so the client hears of it exactly when it happened.
     */
    async reset(clientId: string, actor: Actor, tell?: (tx: Executor) => Promise<void>) {
      await clients.byId(clientId);
      await inTransaction(db, async (tx) => {
        const removed = await tx
          .delete(clientTotp)
          .where(eq(clientTotp.clientId, clientId))
          .returning({ enabledAt: clientTotp.enabledAt });
        await recordAudit(tx, actor, {
          action: 'client.totp.reset',
          subjectType: 'client',
          subjectId: clientId,
          before: { enabled: Boolean(removed[0]?.enabledAt) },
          after: { enabled: false },
        });
        await tell?.(tx);
      });
    },
  };
}
export type ClientTotp = ReturnType<typeof createClientTotp>;
