/** Invitation codes: issued by an advisor, consumed at registration, revocable. */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { ApiMessage, daysInMs } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomCode } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { assertActsFor, type Viewer } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import type { StaffRow, StaffService } from '../staff/service.ts';
import { invitationCodes } from './tables.ts';

export type InviteRow = typeof invitationCodes.$inferSelect;

/** '7d', '12h', '30m' → milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)\s*([dhm])$/.exec(text.trim());
  if (!match) throw badRequest(`Cannot read the duration '${text}'. Use e.g. 7d, 12h or 30m.`);
  const unit = { d: daysInMs(1), h: 3_600_000, m: 60_000 }[match[2] as 'd' | 'h' | 'm'];
  return Number(match[1]) * unit;
}

/** What the invitation list shows of other modules: advisors' emails, who signed up. */
export type InvitePorts = {
  staff: Pick<StaffService, 'namesOf'>;
  clients: Pick<ClientService, 'signedUpWith'>;
};

export function createInviteService(db: Db, clock: Clock, ports: InvitePorts) {
  return {
    async createInvite(
      advisor: StaffRow,
      options: { maxUses?: number; expiresInMs?: number; note?: string },
      actor: Actor,
    ): Promise<InviteRow> {
      if (!advisor.active || !advisor.roles.includes('advisor')) {
        throw badRequest(`${advisor.email} is not an active advisor.`);
      }
      const maxUses = options.maxUses ?? 1;
      if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > 10_000) {
        throw badRequest('Uses must be a whole number from 1 to 10000.');
      }
      const expiresAt = options.expiresInMs
        ? new Date(clock.now().getTime() + options.expiresInMs)
        : null;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(invitationCodes)
          .values({
            code: randomCode(8),
            advisorId: advisor.id,
            maxUses,
            expiresAt,
            note: options.note ?? null,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'invite.create',
          subjectType: 'invitation_code',
          subjectId: row!.id,
          after: { code: row!.code, advisor: advisor.email, maxUses, expiresAt },
        });
        return row!;
      });
    },

    /**
     * Takes one use of a live code inside the registration transaction. The conditional
     * UPDATE makes two registrations racing for the last use impossible to both succeed.
     */
    async consumeInvite(tx: Executor, code: string): Promise<InviteRow> {
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
    },

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

    /**
     * Codes newest first, each with its advisor and the clients who signed up with it; with a
     * `viewer`, only the codes they may act on (admin: any advisor's, or the one asked for).
     * Returns one row more than `limit` when another page exists.
     */
    async listInvites(filter: {
      viewer?: Viewer;
      advisorId?: string | undefined;
      id?: string;
      after?: [string, string] | null;
      limit: number;
    }) {
      const where: SQL[] = [];
      const advisorId = filter.viewer?.actsForAdvisor ?? filter.advisorId;
      if (filter.id) where.push(eq(invitationCodes.id, filter.id));
      if (advisorId) where.push(eq(invitationCodes.advisorId, advisorId));
      if (filter.after) {
        where.push(
          sql`(${invitationCodes.createdAt}, ${invitationCodes.id}) < (${filter.after[0]}::timestamptz, ${filter.after[1]}::uuid)`,
        );
      }
      const rows = await db
        .select({
          row: invitationCodes,
          cursorAt: sql<string>`${invitationCodes.createdAt}::text`,
        })
        .from(invitationCodes)
        .where(and(...where))
        .orderBy(desc(invitationCodes.createdAt), desc(invitationCodes.id))
        .limit(filter.limit + 1);
      const [advisors, users] = await Promise.all([
        ports.staff.namesOf(rows.map((r) => r.row.advisorId)),
        ports.clients.signedUpWith(rows.map((r) => r.row.id)),
      ]);
      const now = clock.now();
      return rows.map(({ row, cursorAt }) => ({
        cursorAt,
        id: row.id,
        code: row.code,
        advisor: { id: row.advisorId, email: advisors.get(row.advisorId)!.email },
        max_uses: row.maxUses,
        uses: row.uses,
        expires_at: row.expiresAt?.toISOString() ?? null,
        revoked_at: row.revokedAt?.toISOString() ?? null,
        note: row.note,
        status: row.revokedAt
          ? ('revoked' as const)
          : row.expiresAt && row.expiresAt <= now
            ? ('expired' as const)
            : row.uses >= row.maxUses
              ? ('used' as const)
              : ('active' as const),
        used_by: users
          .filter((u) => u.inviteCodeId === row.id)
          .map((u) => ({
            id: u.id,
            uid: u.uid,
            mobile: u.mobile,
            created_at: u.createdAt.toISOString(),
          })),
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** Revokes a code; a staff `viewer` revokes only codes they may act on. */
    async revokeInvite(code: string, actor: Actor, viewer?: Viewer): Promise<InviteRow> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(invitationCodes)
          .where(eq(invitationCodes.code, code.toUpperCase()));
        if (!before) throw notFound('No such invitation code.');
        if (viewer) assertActsFor(viewer, before.advisorId);
        if (before.revokedAt) return before;
        const [after] = await tx
          .update(invitationCodes)
          .set({ revokedAt: clock.now() })
          .where(eq(invitationCodes.id, before.id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'invite.revoke',
          subjectType: 'invitation_code',
          subjectId: before.id,
          before: { revokedAt: null },
          after: { revokedAt: after!.revokedAt },
        });
        return after!;
      });
    },
  };
}
export type InviteService = ReturnType<typeof createInviteService>;
