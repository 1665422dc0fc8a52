/**
 * applyTransition on a table of its own: the guarded UPDATE, the refusal, the audit row and
 * the event after the commit (never before it, never after a rollback), a state kept as a
 * stamp, and racing steps of which exactly one is taken.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../db/client.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { freshPostgresDatabase } from '../test/helpers.ts';
import { createLocalBus } from './bus.ts';
import { conflict, notFound } from './errors.ts';
import { inTransaction } from './transaction.ts';
import {
  applyTransition,
  lifecycle,
  transitionChannel,
  type TransitionEvent,
} from './transitions.ts';

const parcels = pgTable('transition_parcels', {
  id: uuid('id').primaryKey(),
  status: text('status').notNull(),
  note: text('note'),
  sealedAt: timestamp('sealed_at', { withTimezone: true }),
});
type Status = 'waiting' | 'sent' | 'returned' | 'lost';

const PARCEL = lifecycle({
  name: 'parcel',
  subject: 'parcel',
  table: parcels,
  state: { field: 'status' },
  transitions: {
    send: { from: ['waiting'], to: 'sent' },
    return: { from: ['waiting', 'sent'], to: 'returned' },
    lose: { from: ['sent'], to: 'lost' },
  },
  refuse: (_action, current: Status | null) =>
    current === null ? notFound('No such parcel.') : conflict(`The parcel is ${current}.`),
});

/** A state kept as a stamp: open until sealed. */
const SEAL = lifecycle({
  name: 'seal',
  subject: 'parcel',
  table: parcels,
  state: { sql: () => sql`case when ${parcels.sealedAt} is null then 'open' else 'sealed' end` },
  transitions: { seal: { from: ['open'], to: 'sealed' } },
  refuse: (_action, current: 'open' | 'sealed' | null) =>
    current === null ? notFound('No such parcel.') : conflict(`The parcel is ${current}.`),
});

const actor = { type: 'staff', id: '00000000-0000-4000-8000-000000000001' } as const;
const at = new Date('2026-11-20T05:00:00Z');

let database: Database;
let drop: () => Promise<void>;
let db: Db;
const bus = createLocalBus();
const events: TransitionEvent[] = [];

beforeAll(async () => {
  const fresh = await freshPostgresDatabase();
  drop = fresh.drop;
  database = await openDatabase({ url: fresh.url, migrate: false });
  db = database.db;
  await db.execute(
    sql`create table transition_parcels (id uuid primary key, status text not null, note text, sealed_at timestamptz)`,
  );
  bus.subscribe(transitionChannel('parcel'), (message) => events.push(JSON.parse(message)));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

async function parcel(status: Status = 'waiting') {
  const id = randomUUID();
  await db.insert(parcels).values({ id, status });
  return id;
}
type AuditRow = { action: string; before: unknown; after: unknown };
const auditOf = async (id: string) =>
  (
    (await db.execute(
      sql`select action, before, after from audit_log where subject_id = ${id} order by id`,
    )) as unknown as { rows: AuditRow[] }
  ).rows;

describe('applyTransition', () => {
  it('moves the row, runs the effect, writes the audit row, and publishes once committed', async () => {
    const id = await parcel();
    const seenInside: number[] = [];
    const row = await inTransaction(db, async (tx) => {
      const moved = await applyTransition(tx, PARCEL, 'send', {
        id,
        at,
        set: { note: 'by post' },
        effect: async (r) => ({ ...r, note: `${r.note}, tracked` }),
        audit: { actor, details: (r) => ({ note: r.note }) },
        events: bus,
      });
      seenInside.push(events.filter((e) => e.id === id).length);
      return moved;
    });
    expect(row).toMatchObject({ id, status: 'sent', note: 'by post, tracked' });
    expect(seenInside).toEqual([0]);
    expect(events.filter((e) => e.id === id)).toEqual([
      {
        subject: 'parcel',
        id,
        action: 'parcel.send',
        from: 'waiting',
        to: 'sent',
        at: at.toISOString(),
      },
    ]);
    expect(await auditOf(id)).toEqual([
      {
        action: 'parcel.send',
        before: { status: 'waiting' },
        after: { status: 'sent', note: 'by post, tracked' },
      },
    ]);
  });

  it('names the state it left when a step may start from several', async () => {
    const id = await parcel('sent');
    await inTransaction(db, (tx) =>
      applyTransition(tx, PARCEL, 'return', {
        id,
        at,
        audit: { actor, action: 'bounce' },
        events: bus,
      }),
    );
    expect(await auditOf(id)).toEqual([
      { action: 'parcel.bounce', before: { status: 'sent' }, after: { status: 'returned' } },
    ]);
    expect(events.find((e) => e.id === id)).toMatchObject({ from: 'sent', to: 'returned' });
  });

  it('refuses with what the lifecycle says: a missing row, a row elsewhere, a row not matching', async () => {
    const step = (id: string, action: 'send' | 'return', where?: ReturnType<typeof sql>) =>
      inTransaction(db, (tx) =>
        applyTransition(tx, PARCEL, action, { id, at, where, audit: { actor }, events: bus }),
      );
    await expect(step(randomUUID(), 'send')).rejects.toMatchObject({
      status: 404,
      message: 'No such parcel.',
    });
    const lost = await parcel('lost');
    await expect(step(lost, 'send')).rejects.toMatchObject({
      status: 409,
      message: 'The parcel is lost.',
    });
    await expect(step(lost, 'return')).rejects.toMatchObject({ message: 'The parcel is lost.' });
    const other = await parcel();
    await expect(step(other, 'send', sql`${parcels.note} = 'mine'`)).rejects.toMatchObject({
      status: 404,
    });
    expect(events.filter((e) => e.id === lost || e.id === other)).toEqual([]);
    expect(await auditOf(lost)).toEqual([]);
  });

  it('publishes nothing when the transaction rolls back after the step', async () => {
    const id = await parcel();
    await expect(
      inTransaction(db, async (tx) => {
        await applyTransition(tx, PARCEL, 'send', { id, at, audit: null, events: bus });
        throw new Error('later work failed');
      }),
    ).rejects.toThrow('later work failed');
    expect(events.filter((e) => e.id === id)).toEqual([]);
    const [row] = await db
      .select()
      .from(parcels)
      .where(sql`${parcels.id} = ${id}`);
    expect(row!.status).toBe('waiting');
  });

  it('of ten racing sends, exactly one is taken; the rest are told where the parcel is', async () => {
    const id = await parcel();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        inTransaction(db, (tx) =>
          applyTransition(tx, PARCEL, 'send', { id, at, audit: { actor }, events: bus }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ message: 'The parcel is sent.' });
    expect(await auditOf(id)).toHaveLength(1);
    expect(events.filter((e) => e.id === id)).toHaveLength(1);
  });

  it('takes a step of a state kept as a stamp, once', async () => {
    const id = await parcel();
    const seal = () =>
      inTransaction(db, (tx) =>
        applyTransition(tx, SEAL, 'seal', { id, at, set: { sealedAt: at }, audit: { actor } }),
      );
    expect((await seal()).sealedAt).toEqual(at);
    await expect(seal()).rejects.toMatchObject({ message: 'The parcel is sealed.' });
    expect(await auditOf(id)).toEqual([
      { action: 'seal.seal', before: { status: 'open' }, after: { status: 'sealed' } },
    ]);
  });

  it('keeps a committed step when the bus fails to take its event', async () => {
    const id = await parcel();
    const broken = {
      publish: () => {
        throw new Error('bus down');
      },
    };
    const row = await inTransaction(db, (tx) =>
      applyTransition(tx, PARCEL, 'send', { id, at, audit: { actor }, events: broken }),
    );
    expect(row.status).toBe('sent');
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses a transaction that cannot say when it commits', async () => {
    const id = await parcel();
    await expect(
      db.transaction((tx: Tx) => applyTransition(tx, PARCEL, 'send', { id, at, audit: null })),
    ).rejects.toThrow(/afterCommit needs a transaction/);
  });
});
