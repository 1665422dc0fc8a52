/**
 * The audit row as the single-row statement (built once) and the many-row one (unnest) write
 * it: a missing before or after is SQL NULL, not JSON's null; inside a transaction the row
 * goes back with it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { freshPostgresDatabase } from '../test/helpers.ts';
import { recordAudit, recordAudits } from './audit.ts';

let target: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let database: Database;
beforeAll(async () => {
  target = await freshPostgresDatabase();
  database = await openDatabase({ url: target.url, migrate: false });
});
afterAll(async () => {
  await database?.close();
  await target?.drop();
});

type AuditRead = { before: unknown; after: unknown; before_is_null: boolean; ip: string | null };
const rowsOf = async (subject: string) => {
  const result = await database.db.execute(
    sql`select before, after, before is null as before_is_null, ip from audit_log
        where subject_id = ${subject} order by id`,
  );
  return (result as unknown as { rows: AuditRead[] }).rows;
};

describe('audit rows', () => {
  it('one row, with and without a before, in and out of a transaction', async () => {
    const staff = { type: 'staff' as const, id: 'staff-1', ip: '10.0.0.1' };
    await recordAudit(database.db, staff, {
      action: 'deposit.confirm',
      subjectType: 'deposit',
      subjectId: 'audit-one',
      after: { amountPaise: '100000', status: 'confirmed' },
    });
    await database.db.transaction(async (tx) => {
      await recordAudit(
        tx,
        { type: 'system', id: 'job' },
        {
          action: 'deposit.expire',
          subjectType: 'deposit',
          subjectId: 'audit-one',
          before: { status: 'pending' },
        },
      );
    });
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, staff, {
          action: 'deposit.reject',
          subjectType: 'deposit',
          subjectId: 'audit-one',
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    expect(await rowsOf('audit-one')).toEqual([
      {
        before: null,
        after: { amountPaise: '100000', status: 'confirmed' },
        before_is_null: true,
        ip: '10.0.0.1',
      },
      { before: { status: 'pending' }, after: null, before_is_null: false, ip: null },
    ]);
  });

  it('many rows in one statement read the same', async () => {
    await recordAudits(database.db, { type: 'cli', id: 'ops' }, [
      { action: 'a.one', subjectType: 't', subjectId: 'audit-many' },
      { action: 'a.two', subjectType: 't', subjectId: 'audit-many', after: { n: 2 } },
    ]);
    expect(await rowsOf('audit-many')).toEqual([
      { before: null, after: null, before_is_null: true, ip: null },
      { before: null, after: { n: 2 }, before_is_null: true, ip: null },
    ]);
  });
});
