import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../test/helpers.ts';
import { type Database, openDatabase } from './client.ts';
import { builtOnce, preparedOn } from './prepared.ts';

const notes = pgTable('prepared_notes', { id: integer('id').primaryKey(), body: text('body') });

let target: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let database: Database;
beforeAll(async () => {
  target = await freshPostgresDatabase();
  database = await openDatabase({ url: target.url, migrate: false });
  await database.db.execute(sql`create table prepared_notes (id integer primary key, body text)`);
});
afterAll(async () => {
  await database?.close();
  await target?.drop();
});

describe('a statement prepared once, run in a transaction', () => {
  it('sees what its transaction wrote and goes back with it when the transaction rolls back', async () => {
    const { db } = database;
    const byId = db
      .select({ body: notes.body })
      .from(notes)
      .where(eq(notes.id, sql.placeholder('id')))
      .prepare('prepared_notes_by_id');
    const insert = db
      .insert(notes)
      .values({ id: sql.placeholder('id'), body: sql.placeholder('body') })
      .prepare('prepared_notes_insert');

    await expect(
      db.transaction(async (tx) => {
        await preparedOn(insert, tx).execute({ id: 1, body: 'in the transaction' });
        // On the pool it would wait for nothing and see nothing: the row is not committed.
        expect(await byId.execute({ id: 1 })).toEqual([]);
        expect(await preparedOn(byId, tx).execute({ id: 1 })).toEqual([
          { body: 'in the transaction' },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byId.execute({ id: 1 })).toEqual([]);

    await db.transaction((tx) => preparedOn(insert, tx).execute({ id: 2, body: 'committed' }));
    expect(await preparedOn(byId, db).execute({ id: 2 })).toEqual([{ body: 'committed' }]);
  });

  it('built by its first call, it runs on the executor each later call names', async () => {
    const { db } = database;
    let builds = 0;
    const bodyOf = builtOnce((executor) => {
      builds++;
      return executor
        .select({ body: notes.body })
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')))
        .prepare('prepared_notes_body');
    });
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 3, body: 'first' });
      // Built on this transaction's connection, which then goes back to the pool.
      expect(await bodyOf(tx).execute({ id: 3 })).toEqual([{ body: 'first' }]);
    });
    expect(await bodyOf(db).execute({ id: 3 })).toEqual([{ body: 'first' }]);
    await db.transaction(async (tx) => {
      await tx.update(notes).set({ body: 'second' }).where(eq(notes.id, 3));
      expect(await bodyOf(tx).execute({ id: 3 })).toEqual([{ body: 'second' }]);
    });
    expect(builds).toBe(1);
  });
});
