import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { freshPostgresDatabase } from '../test/helpers.ts';
import { failureReason, isUnavailable, sqlStateOf } from './pg-errors.ts';

let target: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let database: Database;
beforeAll(async () => {
  target = await freshPostgresDatabase();
  database = await openDatabase({ url: target.url, migrate: false });
  await database.db.execute(sql`create table held_rows (id integer primary key, n integer)`);
  await database.db.execute(sql`insert into held_rows values (1, 0), (2, 0)`);
});
afterAll(async () => {
  await database?.close();
  await target?.drop();
});

/** Runs `update held_rows` while another transaction holds the row: its lock timeout fails it. */
async function updateOfAHeldRow(): Promise<unknown> {
  const { db } = database;
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  let letGo!: () => void;
  const done = new Promise<void>((resolve) => (letGo = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`select * from held_rows where id = 1 for update`);
    holding();
    await done;
  });
  await held;
  const failure = await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '50ms'`);
      await tx.execute(sql`update held_rows set n = n + 1 where id = 1`);
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
  letGo();
  await holder;
  return failure;
}

describe('why a query failed, read through drizzle', () => {
  it('a lock not granted in time names the lock timeout and its SQLSTATE, not only "Failed query"', async () => {
    const failure = await updateOfAHeldRow();
    expect(failure).toBeInstanceOf(Error);
    // drizzle's own message is the statement it ran; the reason sits on its cause.
    expect((failure as Error).message).toMatch(/^Failed query: update held_rows/);
    const reason = failureReason(failure);
    expect(reason).toMatch(/^Failed query: update held_rows set n = n \+ 1 where id = 1 ← /);
    expect(reason).toContain('canceling statement due to lock timeout (55P03)');
    // The statement's parameters line drizzle adds is left out: one line a failure.
    expect(reason).not.toContain('\n');
    expect(sqlStateOf(failure)).toBe('55P03');
    expect(isUnavailable(failure)).toBe(true);
  });

  it('a deadlock is a moment of unavailability, retried with the key, not a failure of the server', async () => {
    const { db } = database;
    let arrived = 0;
    let bothHold!: () => void;
    const holding = new Promise<void>((resolve) => (bothHold = resolve));
    /** Locks `first`, waits until the other has its first row too, then asks for `second`. */
    const crossing = (first: number, second: number) =>
      db
        .transaction(async (tx) => {
          // Longer than the deadlock check (1 s): the survivor waits, it does not time out.
          await tx.execute(sql`set local lock_timeout = '20s'`);
          await tx.execute(sql`update held_rows set n = n + 1 where id = ${first}`);
          if (++arrived === 2) bothHold();
          await holding;
          await tx.execute(sql`update held_rows set n = n + 1 where id = ${second}`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
    const outcomes = await Promise.all([crossing(1, 2), crossing(2, 1)]);
    const failed = outcomes.filter((o) => o !== null);
    expect(failed).toHaveLength(1);
    expect(sqlStateOf(failed[0])).toBe('40P01');
    expect(isUnavailable(failed[0])).toBe(true);
  });

  it('a cause that loops back is read once, and a thrown non-error is said as it is', () => {
    const outer = new Error('outer');
    const inner = Object.assign(new Error('inner'), { code: 'XX000', cause: outer });
    Object.assign(outer, { cause: inner });
    expect(failureReason(outer)).toBe('outer ← inner (XX000)');
    expect(failureReason('the pool is closed')).toBe('the pool is closed');
    expect(
      failureReason(new Error('', { cause: new Error('timeout exceeded when trying to connect') })),
    ).toBe('timeout exceeded when trying to connect');
  });
});
