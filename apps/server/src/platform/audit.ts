/** The append-only record of who did what. Written in the same transaction as the action. */
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { asCtes, executeAsOne } from '../db/one-round-trip.ts';
import { builtOnce } from '../db/prepared.ts';
import { containsPattern } from './cursor.ts';
import { auditLog } from './tables.ts';

export type Actor =
  | { type: 'staff'; id: string; ip?: string }
  | { type: 'client'; id: string; ip?: string }
  | { type: 'cli'; id: string }
  | { type: 'system'; id: string };

export type AuditEntry = {
  action: string;
  subjectType: string;
  subjectId: string | null;
  before?: unknown;
  after?: unknown;
};

const auditRow = (actor: Actor, entry: AuditEntry) => ({
  actorType: actor.type,
  actorId: actor.id,
  action: entry.action,
  subjectType: entry.subjectType,
  subjectId: entry.subjectId,
  before: entry.before ?? null,
  after: entry.after ?? null,
  ip: 'ip' in actor ? (actor.ip ?? null) : null,
});

const asJson = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** Nearly every step writes one row: built once (db/prepared.ts). */
const insertRow = builtOnce((executor) =>
  executor
    .insert(auditLog)
    .values({
      actorType: sql.placeholder('actorType'),
      actorId: sql.placeholder('actorId'),
      action: sql.placeholder('action'),
      subjectType: sql.placeholder('subjectType'),
      subjectId: sql.placeholder('subjectId'),
      // As text with a cast: the column's own encoder would turn a null into JSON's null.
      before: sql`${sql.placeholder('before')}::jsonb`,
      after: sql`${sql.placeholder('after')}::jsonb`,
      ip: sql.placeholder('ip'),
    })
    .prepare('audit_insert'),
);

/**
 * `also`: other data-modifying statements that ride in this one as CTEs (outbox rows the step
 * must commit with), so the step pays one round trip for all of them.
 */
export async function recordAudit(
  db: Executor,
  actor: Actor,
  entry: AuditEntry,
  also: readonly SQL[] = [],
): Promise<void> {
  if (also.length > 0) return recordAudits(db, actor, [entry], also);
  const row = auditRow(actor, entry);
  await insertRow(db).execute({ ...row, before: asJson(row.before), after: asJson(row.after) });
}

/**
 * Several rows by one actor in one statement (a batch's steps, one row each). The rows go in as
 * one array a column (unnest): a bank statement's hundred rows as a multi-row VALUES cost the
 * query builder more than the database spends writing them.
 */
export async function recordAudits(
  db: Executor,
  actor: Actor,
  entries: AuditEntry[],
  also: readonly SQL[] = [],
): Promise<void> {
  if (entries.length === 0) return executeAsOne(db, also);
  if (entries.length === 1 && also.length === 0) return recordAudit(db, actor, entries[0]!);
  await insertRows(
    db,
    entries.map((e) => auditRow(actor, e)),
    also,
  );
}

async function insertRows(
  db: Executor,
  rows: ReturnType<typeof auditRow>[],
  also: readonly SQL[],
): Promise<void> {
  const ctes = asCtes(also, 'also');
  await db.execute(
    sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}${rowsStatement(rows)}`,
  );
}

/**
 * Audit rows by one actor as a statement to send inside another (a batch sent as one statement,
 * decision 081): the same rows recordAudits writes.
 */
export const auditsStatement = (actor: Actor, entries: AuditEntry[]): SQL =>
  rowsStatement(entries.map((e) => auditRow(actor, e)));

/** Rows of several actors as a statement to send inside another (a batch of clients' own steps). */
export const auditsByStatement = (rows: { actor: Actor; entry: AuditEntry }[]): SQL =>
  rowsStatement(rows.map(({ actor, entry }) => auditRow(actor, entry)));

function rowsStatement(rows: ReturnType<typeof auditRow>[]): SQL {
  const column = <T>(values: T[]) => sql.param(values);
  return sql`
    insert into ${auditLog} (actor_type, actor_id, action, subject_type, subject_id, before, after, ip)
    select u.actor_type, u.actor_id, u.action, u.subject_type, u.subject_id, u.before, u.after, u.ip
    from unnest(${column(rows.map((r) => r.actorType))}::text[],
                ${column(rows.map((r) => r.actorId))}::text[],
                ${column(rows.map((r) => r.action))}::text[],
                ${column(rows.map((r) => r.subjectType))}::text[],
                ${column(rows.map((r) => r.subjectId))}::text[],
                ${column(rows.map((r) => asJson(r.before)))}::jsonb[],
                ${column(rows.map((r) => asJson(r.after)))}::jsonb[],
                ${column(rows.map((r) => r.ip))}::text[])
      with ordinality as u(actor_type, actor_id, action, subject_type, subject_id, before, after, ip, n)
    order by u.n`;
}

/** The operator CLI acts as the OS user that ran it. */
export const cliActor = (): Actor => ({ type: 'cli', id: process.env.USER ?? 'operator' });

export type AuditFilter = {
  /** An actor id, or an actor type ('staff', 'client', 'cli', 'system'). */
  actorIds?: string[] | undefined;
  actorType?: string | undefined;
  /** Matches the action's start: 'kyc' finds kyc.approve, kyc.reject … */
  action?: string | undefined;
  /** A subject id, or part of the subject type. */
  subject?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  beforeId?: number | undefined;
  limit: number;
};

/** Newest first; one row more than `limit` when another page exists. */
export async function listAudit(db: Executor, filter: AuditFilter) {
  const where: (SQL | undefined)[] = [];
  if (filter.actorIds) where.push(or(...filter.actorIds.map((id) => eq(auditLog.actorId, id))));
  if (filter.actorType) where.push(eq(auditLog.actorType, filter.actorType));
  if (filter.action)
    where.push(ilike(auditLog.action, `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.subject) {
    where.push(
      or(
        eq(auditLog.subjectId, filter.subject),
        ilike(auditLog.subjectType, containsPattern(filter.subject)),
      ),
    );
  }
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
}
