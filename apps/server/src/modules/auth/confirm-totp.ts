import { TwoFactorMessage as TM } from '@sampada/shared';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import { decrypt } from '../../platform/crypto.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { looksLikeTotp, totpStep } from '../../platform/totp.ts';
import type { ClientTotpDeps } from './client-totp-deps.ts';
import type { RequestMeta } from './session-deps.ts';
import { clientTotp } from './tables.ts';
import { freshRecoveryCodes, isOn, totpRowOf } from './totp-codes.ts';

/** Turns the pending secret on if `code` proves it; answers the recovery codes, or null. */
export async function confirmPendingTotp(
  deps: ClientTotpDeps,
  clientId: string,
  code: string,
  meta: RequestMeta,
) {
  const { db, clock, dataKey, clients, attempts } = deps;
  const row = await totpRowOf(db, clientId);
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
