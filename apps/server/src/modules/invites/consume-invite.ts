/**
 * Takes one use of a live code inside the registration transaction. The conditional
 * UPDATE makes two registrations racing for the last use impossible to both succeed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ApiMessage } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import type { InviteRow } from './invite-deps.ts';
import { invitationCodes } from './tables.ts';

export async function consumeInvite(clock: Clock, tx: Executor, code: string): Promise<InviteRow> {
  const now = clock.now();
  const [taken] = await tx
    .update(invitationCodes)
    .set({ uses: sql`${invitationCodes.uses} + 1` })
    .where(
      and(
        eq(invitationCodes.code, code),
        sql`${invitationCodes.revokedAt} is null`,
        sql`(${invitationCodes.expiresAt} is null or ${invitationCodes.expiresAt} > ${now})`,
        sql`${invitationCodes.uses} < ${invitationCodes.maxUses}`,
      ),
    )
    .returning();
  if (taken) return taken;
  const [row] = await tx.select().from(invitationCodes).where(eq(invitationCodes.code, code));
  if (!row) throw badRequest(ApiMessage.inviteUnknown);
  if (row.revokedAt) throw badRequest(ApiMessage.inviteRevoked);
  if (row.expiresAt && row.expiresAt <= now) throw badRequest(ApiMessage.inviteExpired);
  throw badRequest(ApiMessage.inviteUsed);
}
