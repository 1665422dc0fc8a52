import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { freshPostgresDatabase } from '../test/helpers.ts';
import { type Database, openDatabase } from './client.ts';
import { executeAllOrNothing, executeAsOne } from './one-round-trip.ts';

let target: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let database: Database;
beforeAll(async () => {
  target = await freshPostgresDatabase();
  database = await openDatabase({ url: target.url, migrate: false });
  await database.db.execute(sql`create table marks (client text primary key, asks int not null)`);
  await database.db.execute(sql`create table notices (id serial primary key, client text)`);
  await database.db.execute(sql`create sequence turns`);
  await database.db.execute(sql`create table turns_taken (what text primary key, turn bigint)`);
});
afterAll(async () => {
  await database?.close();
  await target?.drop();
});

const poolOf = (db: Database['db']) =>
  (db as unknown as { session: { client: pg.Pool } }).session.client;

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

/** A step that records when it ran (a turn of one sequence) and returns one row. */
const turn = (what: string) =>
  sql`insert into turns_taken (what, turn) values (${what}, nextval('turns')) returning 1`;

describe('a batch sent as one statement, all or nothing', () => {
  it('commits its steps in the order given, then the rest, in one round trip', async () => {
    const { db } = database;
    const sent = vi.spyOn(poolOf(db), 'query');
    await executeAllOrNothing(
      db,
      [
        { statement: turn('keys'), rows: 1, what: 'keys' },
        { statement: turn('update'), rows: 1, what: 'update' },
        { statement: turn('credits'), rows: 1, what: 'credits' },
      ],
      [turn('audit'), mark('d')],
    );
    expect(sent).toHaveBeenCalledTimes(1);
    sent.mockRestore();
    const turns = await rowsOf<{ what: string }>(sql`select what from turns_taken order by turn`);
    expect(turns.map((t) => t.what)).toEqual(['keys', 'update', 'credits', 'audit']);
    expect(await rowsOf(sql`select asks from marks where client = 'd'`)).toEqual([{ asks: 1 }]);
  });

  it('undoes every step and the rest when one step touched fewer rows than it was built for', async () => {
    const { db } = database;
    const nothingMoved = sql`update marks set asks = asks + 1 where client = 'nobody' returning 1`;
    await expect(
      executeAllOrNothing(
        db,
        [
          { statement: turn('keys again'), rows: 1, what: 'keys' },
          { statement: nothingMoved, rows: 1, what: 'the update' },
        ],
        [mark('e'), notice('e')],
      ),
    ).rejects.toMatchObject({ cause: { code: 'SB001' } });
    expect(await rowsOf(sql`select 1 from turns_taken where what = 'keys again'`)).toEqual([]);
    expect(await rowsOf(sql`select 1 from marks where client = 'e'`)).toEqual([]);
    expect(await rowsOf(sql`select 1 from notices where client = 'e'`)).toEqual([]);
  });

  it('is parsed once on a connection, as a statement named by its text, however many rows it takes', async () => {
    const { db } = database;
    const many = (client: string, times: number[]) =>
      sql`insert into marks as m (client, asks) select ${client}, t from unnest(${`{${times.join(',')}}`}::int[]) as t
          on conflict (client) do update set asks = m.asks + excluded.asks returning 1`;
    const prepared = await db.transaction(async (tx) => {
      await executeAllOrNothing(tx, [{ statement: many('f', [1]), rows: 1, what: 'f' }], []);
      await executeAllOrNothing(tx, [{ statement: many('g', [2]), rows: 1, what: 'g' }], []);
      return (await tx.execute(
        sql`select name from pg_prepared_statements where statement like 'with step0 as (insert into marks%'`,
      )) as unknown as { rows: { name: string }[] };
    });
    expect(prepared.rows).toHaveLength(1);
    expect(
      await rowsOf(sql`select client, asks from marks where client in ('f', 'g') order by client`),
    ).toEqual([
      { client: 'f', asks: 1 },
      { client: 'g', asks: 2 },
    ]);
  });
});
