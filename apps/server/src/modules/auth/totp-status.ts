import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../platform/tables.ts';
import type { ClientTotpDeps } from './client-totp-deps.ts';
import { isOn, totpRowOf } from './totp-codes.ts';

/**
 * When staff last reset this client's second factor, unless it was turned on again since:
 * the Security screen tells the client (the audit log is where the reset is recorded).
 */
async function resetAt(db: Db, clientId: string) {
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

/** The Security screen's second factor: on or not, required or not, codes left, last reset. */
export async function totpStatus(deps: ClientTotpDeps, clientId: string) {
  const row = await totpRowOf(deps.db, clientId);
  const on = isOn(row);
  return {
    enabled: on,
    required: await deps.required(),
    recovery_codes_left: on ? row.recoveryCodeHashes.length : 0,
    reset_at: on ? null : await resetAt(deps.db, clientId),
  };
}
