/** Reading clients for other modules' lists and the console's: refs, counts, searches. */
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TKycStatus } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { containsPattern } from '../../platform/cursor.ts';
import type { ClientRow } from './client-deps.ts';
import { clients } from './tables.ts';

export type ClientListFilter = {
  q?: string | undefined;
  kycStatus?: TKycStatus | undefined;
  advisorId?: string | undefined;
  /** The (created_at as text, id) of the last row of the previous page. */
  after?: [string, string] | null;
  limit: number;
};

export async function findByMobile(
  executor: Executor,
  mobile: string,
): Promise<ClientRow | undefined> {
  const [row] = await executor.select().from(clients).where(eq(clients.mobile, mobile));
  return row;
}

const refColumns = {
  id: clients.id,
  name: clients.name,
  uid: clients.uid,
  mobile: clients.mobile,
  advisorId: clients.advisorId,
};

/**
 * Names, UIDs, mobiles and advisors of some clients, in one query, for lists other modules
 * show (desk queues, allotments, the KYC queue, reset codes, deposits and withdrawals).
 */
export async function refsOf(executor: Executor, ids: string[]) {
  const rows = ids.length
    ? await executor
        .select(refColumns)
        .from(clients)
        .where(inArray(clients.id, [...new Set(ids)]))
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** What other modules' lists show of a client: a row of `refsOf`. */
export type ClientRef = Awaited<ReturnType<typeof refsOf>> extends Map<string, infer R> ? R : never;

/**
 * The same refs as a subquery (`client_refs`) another module joins on `id` in a read of its
 * own: its rows and their clients' refs in one round trip, without reading this module's table.
 */
export const refsToJoin = (executor: Executor) =>
  executor.select(refColumns).from(clients).as('client_refs');

/** Clients with this KYC status, all or one advisor's (the console's dashboard counts). */
export async function countByKycStatus(
  db: Db,
  status: TKycStatus,
  advisorId: string | null,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clients)
    .where(
      and(eq(clients.kycStatus, status), advisorId ? eq(clients.advisorId, advisorId) : undefined),
    );
  return row?.n ?? 0;
}

/** Who signed up with each of these invitation codes. */
export async function signedUpWith(db: Db, inviteCodeIds: string[]) {
  return inviteCodeIds.length
    ? db
        .select({
          inviteCodeId: clients.inviteCodeId,
          id: clients.id,
          uid: clients.uid,
          mobile: clients.mobile,
          createdAt: clients.createdAt,
        })
        .from(clients)
        .where(inArray(clients.inviteCodeId, inviteCodeIds))
    : [];
}

/** Every client's id, for engagement's nightly recomputation. */
export async function allIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: clients.id }).from(clients).orderBy(clients.createdAt);
  return rows.map((r) => r.id);
}

/**
 * The console's client list, newest first: search by mobile, name or UID, filter by KYC
 * status and advisor. Returns one row more than `limit` when another page exists.
 */
export async function listClients(db: Db, filter: ClientListFilter) {
  const where: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const terms = [ilike(clients.name, containsPattern(q)), eq(clients.uid, q)];
    if (digits.length >= 3) terms.push(ilike(clients.mobile, containsPattern(digits)));
    where.push(or(...terms)!);
  }
  if (filter.kycStatus) where.push(eq(clients.kycStatus, filter.kycStatus));
  if (filter.advisorId) where.push(eq(clients.advisorId, filter.advisorId));
  if (filter.after) {
    where.push(
      sql`(${clients.createdAt}, ${clients.id}) < (${filter.after[0]}::timestamptz, ${filter.after[1]}::uuid)`,
    );
  }
  return db
    .select({ row: clients, cursorAt: sql<string>`${clients.createdAt}::text` })
    .from(clients)
    .where(and(...where))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(filter.limit + 1);
}
