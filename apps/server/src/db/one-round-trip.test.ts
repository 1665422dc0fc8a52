import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshPostgresDatabase } from '../test/helpers.ts';
import { type Database, openDatabase } from './client.ts';
import { executeAsOne } from './one-round-trip.ts';

let target: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let database: Database;
beforeAll(async () => {
  target = await freshPostgresDatabase();
  database = await openDatabase({ url: target.url, migrate: false });
  await database.db.execute(sql`create table marks (client text primary key, asks int not null)`);
  await database.db.execute(sql`create table notices (id serial primary key, client text)`);
});
afterAll(async () => {
  await database?.close();
  await target?.drop();
});

const rowsOf = async <R>(query: SQL) =>
  ((await database.db.execute(query)) as unknown as { rows: R[] }).rows;

const mark = (client: string) =>
  sql`insert into marks as m (client, asks) values (${client}, 1)
      on conflict (client) do update set asks = m.asks + 1`;
const notice = (client: string) =>
  sql`with c as (select ${client}::text as client) insert into notices (client) select client from c`;

describe('statements a step commits with, sent as one', () => {
  it('writes every one of them in a single round trip, inside the caller’s transaction', async () => {
    const { db } = database;
    const sent = vi.spyOn(db, 'execute');
    await db.transaction(async (tx) => {
      const inTx = vi.spyOn(tx, 'execute');
      await executeAsOne(tx, [mark('a'), notice('a'), mark('b')]);
      expect(inTx).toHaveBeenCalledTimes(1);
    });
    expect(sent).not.toHaveBeenCalled();
    const marks = await rowsOf(sql`select client, asks from marks order by client`);
    expect(marks).toEqual([
      { client: 'a', asks: 1 },
      { client: 'b', asks: 1 },
    ]);
    const notices = await rowsOf(sql`select client from notices`);
    expect(notices).toEqual([{ client: 'a' }]);
  });

  it('goes back with the transaction when it rolls back', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await executeAsOne(tx, [mark('c'), notice('c')]);
        throw new Error('the step failed after');
      }),
    ).rejects.toThrow('the step failed after');
    expect(await rowsOf(sql`select 1 from marks where client = 'c'`)).toEqual([]);
  });
});
