/**
 * Data-modifying statements that need nothing from each other, sent as one: each becomes a CTE
 * of a `select 1`, so what a step must commit with (a notice, engagement's mark) costs one
 * round trip instead of one each. They run on one snapshot and do not see each other's rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { executeNamed } from './prepared.ts';

/** The statements as CTEs named `${prefix}0`, `${prefix}1`…, to lead another statement. */
export const asCtes = (statements: readonly SQL[], prefix: string) =>
  statements.map((statement, i) => sql`${sql.raw(`${prefix}${i}`)} as (${statement})`);

export async function executeAsOne(db: Executor, statements: readonly SQL[]): Promise<void> {
  if (statements.length === 0) return;
  if (statements.length === 1) {
    await db.execute(statements[0]!);
    return;
  }
  await db.execute(sql`with ${sql.join(asCtes(statements, 'part'), sql`, `)} select 1`);
}

/**
 * A step of a statement sent all or nothing: it must return exactly `rows` rows (one a row it
 * wrote), or the whole statement is undone.
 */
export type CountedStep = { statement: SQL; rows: number; what: string };

/**
 * Steps and statements that need nothing back, as one statement (decision 081): the steps run in
 * the order given — so their locks are taken in that order — each counted by batch_ensure
 * (migration 0058), which raises when one returned other than its rows; then the rest. A
 * statement commits or fails whole, so sent alone it needs no transaction around it, and inside
 * one (a batch of buys) a count off aborts that transaction. Its steps write their rows from
 * array parameters, so its text is the same at every call and it runs prepared (executeNamed).
 */
export async function executeAllOrNothing(
  db: Executor,
  steps: readonly CountedStep[],
  also: readonly SQL[],
): Promise<void> {
  const name = (i: number) => sql.raw(`step${i}`);
  const ctes = [
    ...steps.map((step, i) => sql`${name(i)} as (${step.statement})`),
    ...asCtes(also, 'also'),
  ];
  const checks = steps.map(
    (step, i) =>
      sql`batch_ensure((select count(*) from ${name(i)}) = ${step.rows}::bigint, ${step.what}::text)`,
  );
  await executeNamed(db, sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(checks, sql`, `)}`);
}
