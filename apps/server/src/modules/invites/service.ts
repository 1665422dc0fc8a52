/** Invitation codes: issued by an advisor, consumed at registration, revocable. */
import { eq } from 'drizzle-orm';
import { daysInMs } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { StaffRow } from '../staff/service.ts';
import { consumeInvite } from './consume-invite.ts';
import type { InviteDeps, InvitePorts, InviteRow } from './invite-deps.ts';
import { createInvite, revokeInvite } from './issue-invite.ts';
import { type InviteListFilter, listInvites } from './list-invites.ts';
import { invitationCodes } from './tables.ts';

export type { InvitePorts, InviteRow } from './invite-deps.ts';

/** '7d', '12h', '30m' → milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)\s*([dhm])$/.exec(text.trim());
  if (!match) throw badRequest(`Cannot read the duration '${text}'. Use e.g. 7d, 12h or 30m.`);
  const unit = { d: daysInMs(1), h: 3_600_000, m: 60_000 }[match[2] as 'd' | 'h' | 'm'];
  return Number(match[1]) * unit;
}

export function createInviteService(db: Db, clock: Clock, ports: InvitePorts) {
  const deps: InviteDeps = { db, clock, ports };
  return {
    createInvite: (
      advisor: StaffRow,
      options: { maxUses?: number; expiresInMs?: number; note?: string },
      actor: Actor,
    ) => createInvite(deps, advisor, options, actor),

    /** Takes one use of a live code inside the registration transaction (consume-invite.ts). */
    consumeInvite: (tx: Executor, code: string) => consumeInvite(clock, tx, code),

    async findByCode(code: string, executor: Executor = db): Promise<InviteRow | undefined> {
      const [row] = await executor
        .select()
        .from(invitationCodes)
        .where(eq(invitationCodes.code, code.toUpperCase()));
      return row;
    },

    /** Whose code a staff member creates: admin the advisor they chose, anyone else their own. */
    issuerFor(viewer: Viewer, chosen: string | undefined): string {
      return viewer.actsForAdvisor ?? chosen ?? viewer.staffId;
    },

    /** Codes newest first, with their advisors and sign-ups (list-invites.ts). */
    listInvites: (filter: InviteListFilter) => listInvites(deps, filter),

    /** Revokes a code; a staff `viewer` revokes only codes they may act on. */
    revokeInvite: (code: string, actor: Actor, viewer?: Viewer) =>
      revokeInvite(deps, code, actor, viewer),
  };
}
export type InviteService = ReturnType<typeof createInviteService>;
