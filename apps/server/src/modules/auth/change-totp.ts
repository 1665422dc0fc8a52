import { TwoFactorMessage as TM } from '@sampada/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { ClientTotpDeps } from './client-totp-deps.ts';
import type { RequestMeta } from './session-deps.ts';
import { clientTotp } from './tables.ts';
import { checkTotpCode, freshRecoveryCodes } from './totp-codes.ts';

/** The client turns their second factor off with a good code, unless the firm requires it. */
export async function disableTotp(
  deps: ClientTotpDeps,
  clientId: string,
  code: string,
  meta: RequestMeta,
) {
  if (await deps.required()) throw badRequest(TM.requiredByFirm);
  if (!(await checkTotpCode(deps, clientId, code, meta))) throw badRequest(TM.badCode);
  await inTransaction(deps.db, async (tx) => {
    await tx.delete(clientTotp).where(eq(clientTotp.clientId, clientId));
    await recordAudit(
      tx,
      { type: 'client', id: clientId, ip: meta.ip },
      { action: 'client.totp.disable', subjectType: 'client', subjectId: clientId },
    );
  });
}

/** New recovery codes for a good code (TOTP or a recovery code): the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: ClientTotpDeps,
  clientId: string,
  code: string,
  meta: RequestMeta,
) {
  if (!(await checkTotpCode(deps, clientId, code, meta))) throw badRequest(TM.badCode);
  const { codes, hashes } = await freshRecoveryCodes();
  await inTransaction(deps.db, async (tx) => {
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
}

/**
 * An admin clears a client's second factor (a lost phone): audited; `tell` writes the
 * client's notice in the same transaction, so the client hears of it exactly when it happened.
 */
export async function resetTotp(
  deps: ClientTotpDeps,
  clientId: string,
  actor: Actor,
  tell?: (tx: Executor) => Promise<void>,
) {
  await deps.clients.byId(clientId);
  await inTransaction(deps.db, async (tx) => {
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
}
