/**
 * Lifecycles as data (house-style "State machines as data", after Fineract's loan lifecycle).
 * An aggregate declares its steps once — each names the states it may start from and the
 * state it ends in — and `applyTransition` is the one way a step is taken: a guarded
 * `UPDATE … WHERE state IN (from)`, so that of two racing steps exactly one finds the row
 * where the step starts; the step's own work (a posting) in the same transaction; the audit
 * row; and an event on the bus once the transaction commits.
 *
 * The state is a status column, or, for aggregates whose state is stamps and dates (an
 * IPO's close, allotment and listing), an SQL expression of the state at the moment.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TNoticeDetail } from '@sampada/shared';
import type { Tx } from '../db/client.ts';
import { executeAsOne } from '../db/one-round-trip.ts';
import { type Actor, recordAudit, recordAudits } from './audit.ts';
import type { Bus } from './bus.ts';
import { afterCommit } from './transaction.ts';

/** One step: the states it may start from and the state it ends in. */
export type Transition<S extends string> = { readonly from: readonly S[]; readonly to: S };

export type Row<T extends PgTable> = T['$inferSelect'];
export type StatefulTable = PgTable & { id: PgColumn };

export type Lifecycle<T extends StatefulTable, A extends string, S extends string> = {
  /** The audit action's prefix (`withdrawal` in `withdrawal.pay`) and the event channel's. */
  name: string;
  /** The audit log's subject type: what `id` is the id of. */
  subject: string;
  table: T;
  /** Where the state lives: the row's status field, or an SQL expression of it at `at`. */
  state: { field: keyof Row<T> & keyof T & string } | { sql: (at: Date) => SQL };
  /** The steps by name; the name is the audit action unless the move names another. */
  transitions: Readonly<Record<A, Transition<S>>>;
  /** What the caller hears when the row is not there (`current` null) or is elsewhere. */
  refuse(action: A, current: S | null): Error;
  /**
   * The figures a step's notice tells the client (decision 056), read from the row the step
   * left: the event carries them, so the notice written in the step's statement and the live
   * frame say the same without reading the record again.
   */
  notice?: (row: Row<T>, action: A) => TNoticeDetail | null;
};

/** Declares a lifecycle (only to infer its types). */
export const lifecycle = <T extends StatefulTable, A extends string, S extends string>(
  declared: Lifecycle<T, A, S>,
) => declared;

/**
 * Where transition events go: the bus, or anything with its `publish`; and, when `record` is
 * given, a durable record of them (an outbox row) that the step writes in its own transaction,
 * inside its audit row's statement (decision 034): a crash between the commit and the publish
 * then loses nothing a listener must act on. `record` answers a statement per listener that
 * keeps something of these events (engagement's marks, the client's notifications), none when
 * none does.
 */
export type TransitionEvents = Pick<Bus, 'publish'> & {
  record?: (events: readonly TransitionEvent[]) => readonly SQL[];
};

/** What subscribers of `transitionChannel(name)` receive, as JSON. */
export type TransitionEvent = {
  subject: string;
  id: string;
  action: string;
  from: string;
  to: string;
  at: string;
  /** The client the row belongs to, when it has one (engagement recomputes theirs). */
  clientId?: string;
  /** The figures the client's notice of the step tells, when the lifecycle names any. */
  notice?: TNoticeDetail;
};
export const transitionChannel = (name: string) => `transitions:${name}`;

export type Move<T extends StatefulTable> = {
  id: string;
  /** The moment of the step: written into stamps, and the `at` of a derived state. */
  at: Date;
  /** More conditions on the row: a client moves only their own. */
  where?: SQL | undefined;
  /** Fields written with the state: decision details, stamps. */
  set?: PgUpdateSetSource<T>;
  /** The step's own work in the same transaction, after the UPDATE; may return the row anew. */
  effect?: (row: Row<T>) => Promise<Row<T> | void>;
  /**
   * The audit row: who, the action when the log names the step otherwise (a desk's
   * `allocate` that fills), and what it adds to the states. Null only for the system's own
   * steps that their postings and contract notes record (the matcher's fills and expiries).
   */
  audit: {
    actor: Actor;
    action?: string;
    details?: (row: Row<T>) => Record<string, unknown>;
  } | null;
  /** Where the event goes after the commit; without it, none is sent. */
  events?: TransitionEvents | undefined;
  /**
   * The notice's figures when the row does not hold them all (a KYC rejection's reason is on
   * the submission, not the client row; a paid withdrawal's bank is its card's), instead of the
   * lifecycle's `notice`: as they are, or from the row the step (and its effect) left.
   */
  notice?: TNoticeDetail | ((row: Row<T>) => TNoticeDetail | null) | undefined;
};

/**
 * Takes step `action` of `lifecycle` on row `move.id` inside `tx` (opened by a
 * `TransactionRunner`), or throws what `lifecycle.refuse` says when the row is not where the
 * step starts. Returns the row as the step (and its effect) left it.
 */
export async function applyTransition<T extends StatefulTable, A extends string, S extends string>(
  tx: Tx,
  lifecycle: Lifecycle<T, A, S>,
  action: A,
  move: Move<T>,
): Promise<Row<T>> {
  const { table } = lifecycle;
  const rule = lifecycle.transitions[action];
  // Queued first, even when nobody listens: a step outside a runner's transaction fails
  // before it writes anything, in every test, rather than in production once a bus is passed.
  const taken: { event?: TransitionEvent } = {};
  afterCommit(tx, () => {
    if (taken.event)
      move.events?.publish(transitionChannel(lifecycle.name), JSON.stringify(taken.event));
  });
  const state: SQL =
    'field' in lifecycle.state
      ? sql`${table[lifecycle.state.field] as PgColumn}`
      : lifecycle.state.sql(move.at);
  const target = and(eq(table.id, move.id), move.where);
  const currentState = async (lock: boolean) => {
    const query = tx
      .select({ state: state })
      .from(table as PgTable)
      .where(target);
    const [found] = lock ? await query.for('update') : await query;
    return (found?.state ?? null) as S | null;
  };

  // A step from one state knows where the row was; from several, the row is read under
  // lock first, so that the audit row and the event say which.
  let from: S = rule.from[0]!;
  if (rule.from.length > 1) {
    const current = await currentState(true);
    if (current === null || !rule.from.includes(current)) throw lifecycle.refuse(action, current);
    from = current;
  }

  const set = { ...move.set } as Record<string, unknown>;
  if ('field' in lifecycle.state) set[lifecycle.state.field] = rule.to;
  const [moved] = (await tx
    .update(table)
    .set(set as PgUpdateSetSource<T>)
    .where(and(target, inArray(state, [...rule.from])))
    .returning()) as Row<T>[];
  if (!moved) throw lifecycle.refuse(action, await currentState(false));

  const row = (await move.effect?.(moved)) ?? moved;
  taken.event = {
    subject: lifecycle.subject,
    id: move.id,
    action: `${lifecycle.name}.${action}`,
    from,
    to: rule.to,
    at: move.at.toISOString(),
    ...clientOf(lifecycle.subject, move.id, row),
    ...(move.notice ? told(move.notice, row) : noticeOf(lifecycle, action, row)),
  };
  const record = move.events?.record?.([taken.event]) ?? [];
  if (move.audit) {
    await recordAudit(
      tx,
      move.audit.actor,
      {
        action: `${lifecycle.name}.${move.audit.action ?? action}`,
        subjectType: lifecycle.subject,
        subjectId: move.id,
        before: { status: from },
        after: { status: rule.to, ...move.audit.details?.(row) },
      },
      record,
    );
  } else await executeAsOne(tx, record);
  return row;
}

export type Moves<T extends StatefulTable> = Omit<Move<T>, 'id' | 'where' | 'effect' | 'notice'> & {
  ids: string[];
  /** The step's own work for every row moved, in one go; may return the rows anew. */
  effect?: (rows: Row<T>[]) => Promise<Row<T>[] | void>;
};

/**
 * Takes step `action` on every row of `moves.ids` that is where the step starts, in one guarded
 * UPDATE inside `tx`: a batch (a bank statement's deposits). Rows elsewhere are left as they
 * are and are not answered — the caller says why for each; nothing is refused. Each row moved
 * gets its audit row (one INSERT for all) and its event after the commit, as one step would.
 * Only for steps from a single state, which needs no read before the UPDATE.
 */
export async function applyTransitions<T extends StatefulTable, A extends string, S extends string>(
  tx: Tx,
  lifecycle: Lifecycle<T, A, S>,
  action: A,
  moves: Moves<T>,
): Promise<Row<T>[]> {
  const { table } = lifecycle;
  const rule = lifecycle.transitions[action];
  if (rule.from.length !== 1)
    throw new Error(`${lifecycle.name}.${action} starts from several states`);
  const from = rule.from[0]!;
  const events: TransitionEvent[] = [];
  afterCommit(tx, () => {
    for (const event of events)
      moves.events?.publish(transitionChannel(lifecycle.name), JSON.stringify(event));
  });
  if (moves.ids.length === 0) return [];
  const state: SQL =
    'field' in lifecycle.state
      ? sql`${table[lifecycle.state.field] as PgColumn}`
      : lifecycle.state.sql(moves.at);
  const set = { ...moves.set } as Record<string, unknown>;
  if ('field' in lifecycle.state) set[lifecycle.state.field] = rule.to;
  const moved = (await tx
    .update(table)
    .set(set as PgUpdateSetSource<T>)
    .where(and(inArray(table.id, moves.ids), eq(state, from)))
    .returning()) as Row<T>[];
  if (moved.length === 0) return [];

  const rows = (await moves.effect?.(moved)) ?? moved;
  for (const row of rows) events.push(batchEvent(lifecycle, action, moves.at, row));
  const record = moves.events?.record?.(events) ?? [];
  const audit = moves.audit;
  if (audit)
    await recordAudits(
      tx,
      audit.actor,
      rows.map((row) => batchAudit(lifecycle, action, audit, row)),
      record,
    );
  else await executeAsOne(tx, record);
  return rows;
}

/** The event of a batch's step from its one start state, for a row it left. */
export function batchEvent<T extends StatefulTable, A extends string, S extends string>(
  lifecycle: Lifecycle<T, A, S>,
  action: A,
  at: Date,
  row: Row<T>,
): TransitionEvent {
  const rule = lifecycle.transitions[action];
  return {
    subject: lifecycle.subject,
    id: row.id as string,
    action: `${lifecycle.name}.${action}`,
    from: rule.from[0]!,
    to: rule.to,
    at: at.toISOString(),
    ...clientOf(lifecycle.subject, row.id as string, row),
    ...noticeOf(lifecycle, action, row),
  };
}

/** The audit row of a batch's step from its one start state, for a row it left. */
export function batchAudit<T extends StatefulTable, A extends string, S extends string>(
  lifecycle: Lifecycle<T, A, S>,
  action: A,
  audit: NonNullable<Move<T>['audit']>,
  row: Row<T>,
) {
  const rule = lifecycle.transitions[action];
  return {
    action: `${lifecycle.name}.${audit.action ?? action}`,
    subjectType: lifecycle.subject,
    subjectId: row.id as string,
    before: { status: rule.from[0]! },
    after: { status: rule.to, ...audit.details?.(row) },
  };
}

/** A row's client: its `clientId` column, or the row itself when it is the client (KYC). */
function clientOf(subject: string, id: string, row: object): { clientId?: string } {
  if ('clientId' in row && typeof row.clientId === 'string') return { clientId: row.clientId };
  return subject === 'client' ? { clientId: id } : {};
}

function told<R>(
  notice: TNoticeDetail | ((row: R) => TNoticeDetail | null),
  row: R,
): { notice?: TNoticeDetail } {
  const detail = typeof notice === 'function' ? notice(row) : notice;
  return detail ? { notice: detail } : {};
}

function noticeOf<T extends StatefulTable, A extends string, S extends string>(
  lifecycle: Lifecycle<T, A, S>,
  action: A,
  row: Row<T>,
): { notice?: TNoticeDetail } {
  const notice = lifecycle.notice?.(row, action);
  return notice ? { notice } : {};
}
