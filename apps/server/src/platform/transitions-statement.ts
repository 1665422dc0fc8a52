/**
 * A lifecycle's step for a batch sent as one statement (decision 081): the rows were read just
 * before, where the step starts, so everything the step writes besides its UPDATE — the audit
 * rows, the events' records — is built for those rows beforehand, and the UPDATE must move every
 * one of them (a CountedStep), or the whole statement is undone. The same rule, audit rows and
 * events as applyTransitions (transitions.ts), which takes the step inside a transaction.
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CountedStep } from '../db/one-round-trip.ts';
import { auditsStatement } from './audit.ts';
import {
  batchAudit,
  batchEvent,
  type Lifecycle,
  type Move,
  type Row,
  type StatefulTable,
  transitionChannel,
} from './transitions.ts';

export type RowsMove<T extends StatefulTable> = {
  /** The rows as read, each where the step starts. */
  rows: Row<T>[];
  at: Date;
  /** Fields written with the state, a row's own (the posting id each drew). */
  set: (row: Row<T>) => Partial<Row<T>>;
  /** Null only for the system's own steps that their postings record (the matcher's fills). */
  audit: Move<T>['audit'];
  events?: Move<T>['events'];
};

/**
 * The step on every row of `moves.rows`: the rows as it leaves them, its guarded UPDATE as a
 * step of the statement, the statements that commit with it (audit rows, the events' records),
 * and the events' publication, for once the statement has committed.
 */
export function transitionsStatement<T extends StatefulTable, A extends string, S extends string>(
  lifecycle: Lifecycle<T, A, S>,
  action: A,
  moves: RowsMove<T>,
): { rows: Row<T>[]; update: CountedStep; record: SQL[]; publish: () => void } {
  const { table } = lifecycle;
  const rule = lifecycle.transitions[action];
  if (rule.from.length !== 1 || !('field' in lifecycle.state))
    throw new Error(`${lifecycle.name}.${action} is not a step from one state in a column`);
  const field = lifecycle.state.field;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const sets = moves.rows.map((row) => moves.set(row));
  const rows = moves.rows.map((row, n) => ({ ...row, ...sets[n], [field]: rule.to }) as Row<T>);
  const fields = [...new Set(sets.flatMap((set) => Object.keys(set)))];
  const idColumn = columns.id!;
  const stateColumn = columns[field]!;
  // Each field's values go in as one array (unnest), as the driver would write the column.
  const array = (column: PgColumn, values: unknown[]) =>
    sql`${sql.param(values.map((v) => (v === null || v === undefined ? null : column.mapToDriverValue(v))))}::${sql.raw(column.getSQLType())}[]`;
  const valuesOf = (f: string) => sets.map((set) => (set as Record<string, unknown>)[f] ?? null);
  const assignments = [
    sql`${sql.identifier(stateColumn.name)} = ${rule.to}`,
    ...fields.map((f, i) => sql`${sql.identifier(columns[f]!.name)} = u.${sql.raw(`c${i}`)}`),
  ];
  const arrays = [
    array(
      idColumn,
      rows.map((row) => row.id),
    ),
    ...fields.map((f) => array(columns[f]!, valuesOf(f))),
  ];
  const names = sql.raw(['id', ...fields.map((_, i) => `c${i}`)].join(', '));
  const update = sql`
    update ${table} set ${sql.join(assignments, sql`, `)}
    from unnest(${sql.join(arrays, sql`, `)}) as u(${names})
    where ${idColumn} = u.id and ${stateColumn} = ${rule.from[0]!}
    returning ${idColumn}`;
  const events = rows.map((row) => batchEvent(lifecycle, action, moves.at, row));
  const audit = moves.audit;
  const audits = audit
    ? [
        auditsStatement(
          audit.actor,
          rows.map((row) => batchAudit(lifecycle, action, audit, row)),
        ),
      ]
    : [];
  return {
    rows,
    update: { statement: update, rows: rows.length, what: `${lifecycle.name}.${action}` },
    record: [...audits, ...(moves.events?.record?.(events) ?? [])],
    publish: () => {
      for (const event of events)
        moves.events?.publish(transitionChannel(lifecycle.name), JSON.stringify(event));
    },
  };
}
