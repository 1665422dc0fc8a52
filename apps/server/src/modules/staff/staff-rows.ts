/** Reading staff rows: by email or id, the whole list, and names for other modules' lists. */
import { asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { builtOnce } from '../../db/prepared.ts';
import { staff } from './tables.ts';

export type StaffRow = typeof staff.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findByEmail(
  executor: Executor,
  email: string,
): Promise<StaffRow | undefined> {
  const [row] = await executor
    .select()
    .from(staff)
    .where(eq(staff.email, normalizeEmail(email)));
  return row;
}

/** Every console request reads its member's row: built once (db/prepared.ts). */
const byIdStatement = builtOnce((executor) =>
  executor
    .select()
    .from(staff)
    .where(eq(staff.id, sql.placeholder('id')))
    .prepare('staff_by_id'),
);

export async function findById(executor: Executor, id: string): Promise<StaffRow | undefined> {
  const [row] = await byIdStatement(executor).execute({ id });
  return row;
}

export async function listStaff(executor: Executor): Promise<StaffRow[]> {
  return executor.select().from(staff).orderBy(asc(staff.email));
}

/**
 * Emails and names of some staff members, in one query, for lists other modules show
 * (who wrote an article, who decided a deposit, whose invitation code it is).
 */
export async function namesOf(executor: Executor, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await executor
        .select({ id: staff.id, email: staff.email, name: staff.name })
        .from(staff)
        .where(inArray(staff.id, wanted))
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** What the console's guard needs of a member on every request. */
export type SignedInMember = { email: string; roles: string[]; active: boolean };

/**
 * The member whose id `staffId` names, as a scalar subquery another module's statement embeds:
 * staff-auth reads a session and its member in one round trip without naming this table.
 */
export const signedInMemberOf = (staffId: SQLWrapper) =>
  sql<SignedInMember | null>`(select json_build_object('email', ${staff.email}, 'roles', ${staff.roles}, 'active', ${staff.active}) from ${staff} where ${staff.id} = ${staffId})`;
