import { TOTP_RECOVERY_CODE_COUNT, TwoFactorMessage as TM } from '@sampada/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decrypt, hashSecret, verifySecret } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  looksLikeTotp,
  newRecoveryCode,
  normalizeRecoveryCode,
  totpStep,
} from '../../platform/totp.ts';
import type { ClientTotpDeps, TotpRow } from './client-totp-deps.ts';
import type { RequestMeta } from './session-deps.ts';
import { clientTotp } from './tables.ts';

export const totpRowOf = async (db: Executor, clientId: string) =>
  (await db.select().from(clientTotp).where(eq(clientTotp.clientId, clientId)))[0];

export const isOn = (row: TotpRow | undefined): row is TotpRow & { secretEnc: string } =>
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
async function codeIsGood(
  deps: ClientTotpDeps,
  row: TotpRow & { secretEnc: string },
  code: string,
) {
  const { db, clock, dataKey } = deps;
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
export async function checkTotpCode(
  deps: ClientTotpDeps,
  clientId: string,
  code: string,
  meta: RequestMeta,
) {
  const row = await totpRowOf(deps.db, clientId);
  if (!isOn(row)) throw badRequest(TM.notOn);
  const { mobile } = await deps.clients.byId(clientId);
  const attempt = await deps.attempts.spend(mobile, meta.ip);
  if (!(await codeIsGood(deps, row, code))) return false;
  await attempt.succeeded();
  return true;
}

export async function freshRecoveryCodes() {
  const codes = Array.from({ length: TOTP_RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashSecret(normalizeRecoveryCode(c))));
  return { codes, hashes };
}
