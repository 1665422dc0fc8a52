/**
 * A client's second factor (issue 32; docs/api-identity.md "Two-factor"): enrol (password
 * re-verified), confirm a first code to turn it on and receive 10 one-time recovery codes
 * (stored as slow hashes), disable with a code. A code is good once: the accepted time step
 * is claimed atomically, a recovery code is removed as it is spent. Every code tried spends
 * from the same lockout as passwords (password-attempts.ts).
 */
import { TwoFactorMessage as TM } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { encrypt } from '../../platform/crypto.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { newTotpSecret, totpEnrolment } from '../../platform/totp.ts';
import { disableTotp, regenerateRecoveryCodes, resetTotp } from './change-totp.ts';
import type { ClientTotpDeps } from './client-totp-deps.ts';
import { confirmPendingTotp } from './confirm-totp.ts';
import type { RequestMeta } from './session-deps.ts';
import { clientTotp } from './tables.ts';
import { checkTotpCode, isOn, totpRowOf } from './totp-codes.ts';
import { totpStatus } from './totp-status.ts';

export function createClientTotp(deps: ClientTotpDeps) {
  const { db, clock, dataKey, clients } = deps;
  const confirmPending = (clientId: string, code: string, meta: RequestMeta) =>
    confirmPendingTotp(deps, clientId, code, meta);
  const checkCode = (clientId: string, code: string, meta: RequestMeta) =>
    checkTotpCode(deps, clientId, code, meta);

  return {
    status: (clientId: string) => totpStatus(deps, clientId),

    /**
     * What sign-in owes after the password: a code, a first enrolment, or nothing. `executor`:
     * a caller inside a transaction reads through it rather than take a second connection.
     */
    async secondFactorOf(
      clientId: string,
      executor: Executor = db,
    ): Promise<'totp' | 'enrol' | null> {
      if (isOn(await totpRowOf(executor, clientId))) return 'totp';
      return (await deps.required()) ? 'enrol' : null;
    },

    /** A new secret waiting for its first code (replacing any earlier one not confirmed). */
    async startEnrolment(clientId: string) {
      if (isOn(await totpRowOf(db, clientId))) throw conflict(TM.alreadyOn);
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

    disable: (clientId: string, code: string, meta: RequestMeta) =>
      disableTotp(deps, clientId, code, meta),

    /** New recovery codes for a good code (TOTP or a recovery code): the old ones stop working. */
    regenerateRecoveryCodes: (clientId: string, code: string, meta: RequestMeta) =>
      regenerateRecoveryCodes(deps, clientId, code, meta),

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
    reset: (clientId: string, actor: Actor, tell?: (tx: Executor) => Promise<void>) =>
      resetTotp(deps, clientId, actor, tell),
  };
}
export type ClientTotp = ReturnType<typeof createClientTotp>;
