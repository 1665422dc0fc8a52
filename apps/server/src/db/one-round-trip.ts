/**
 * Data-modifying statements that need nothing from each other, sent as one: each becomes a CTE
 * of a `select 1`, so what a step must commit with (a notice, engagement's mark) costs one
 * round trip instead of one each. They run on one snapshot and do not see each other's rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

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
