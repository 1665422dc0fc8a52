/** The append-only record of who did what. Written in the same transaction as the action. */
import type { Executor } from '../db/client.ts';
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

export async function recordAudit(db: Executor, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorType: actor.type,
    actorId: actor.id,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: 'ip' in actor ? (actor.ip ?? null) : null,
  });
}

/** The operator CLI acts as the OS user that ran it. */
export const cliActor = (): Actor => ({ type: 'cli', id: process.env.USER ?? 'operator' });
