import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/viewer.ts';
import {
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_MAX_TOTAL,
  type ResetCodeDeps,
} from './reset-code-rules.ts';
import { resetCodes } from './tables.ts';

/**
 * Reset codes newest first, for the console: never the code itself, only when it
 * expires, how many attempts it has had and what became of it. With a `viewer`, only
 * those of the clients they may see.
 */
export async function listResetCodes(
  deps: ResetCodeDeps,
  filter: { clientId?: string; viewer?: Viewer; limit: number },
) {
  const { db, clock, clients } = deps;
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
}
