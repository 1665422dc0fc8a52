/**
 * Codes newest first, each with its advisor and the clients who signed up with it; with a
 * `viewer`, only the codes they may act on (admin: any advisor's, or the one asked for).
 * Returns one row more than `limit` when another page exists.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/viewer.ts';
import type { InviteDeps, InviteRow } from './invite-deps.ts';
import { invitationCodes } from './tables.ts';

export type InviteListFilter = {
  viewer?: Viewer;
  advisorId?: string | undefined;
  id?: string;
  after?: [string, string] | null;
  limit: number;
};

/** Revoked, expired or used up wins over active, in that order. */
export const inviteStatus = (row: InviteRow, now: Date) =>
  row.revokedAt
    ? ('revoked' as const)
    : row.expiresAt && row.expiresAt <= now
      ? ('expired' as const)
      : row.uses >= row.maxUses
        ? ('used' as const)
        : ('active' as const);

function invitesPage({ db }: InviteDeps, filter: InviteListFilter) {
  const where: SQL[] = [];
  const advisorId = filter.viewer?.actsForAdvisor ?? filter.advisorId;
  if (filter.id) where.push(eq(invitationCodes.id, filter.id));
  if (advisorId) where.push(eq(invitationCodes.advisorId, advisorId));
  if (filter.after) {
    where.push(
      sql`(${invitationCodes.createdAt}, ${invitationCodes.id}) < (${filter.after[0]}::timestamptz, ${filter.after[1]}::uuid)`,
    );
  }
  return db
    .select({
      row: invitationCodes,
      cursorAt: sql<string>`${invitationCodes.createdAt}::text`,
    })
    .from(invitationCodes)
    .where(and(...where))
    .orderBy(desc(invitationCodes.createdAt), desc(invitationCodes.id))
    .limit(filter.limit + 1);
}

export async function listInvites(deps: InviteDeps, filter: InviteListFilter) {
  const { clock, ports } = deps;
  const rows = await invitesPage(deps, filter);
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
    status: inviteStatus(row, now),
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
}
