/**
 * The signed-in cache on its own: what it keeps, what a change drops, and that a read a change
 * overtook is never kept. Time is a number the test moves; the bus is the in-process one.
 */
import { describe, expect, it } from 'vitest';
import { createLocalBus } from './bus.ts';
import { createSignedInCache } from './signed-in-cache.ts';

type Row = { id: string; vip: number };

function rig(ttlMs = 100) {
  let t = 0;
  const bus = createLocalBus();
  const cache = createSignedInCache<Row>({ bus, ttlMs, now: () => t });
  const db = new Map<string, Row>([['c1', { id: 'c1', vip: 0 }]]);
  let reads = 0;
  const load = (clientId: string) => async () => {
    reads += 1;
    const row = db.get(clientId);
    return row ? { ...row } : undefined;
  };
  return {
    bus,
    cache,
    db,
    load,
    reads: () => reads,
    advance: (ms: number) => void (t += ms),
    // The bus subscription settles on a microtask: nothing is cached before it.
    ready: async () => {
      await cache.read('warm-up', 'nobody', async () => undefined);
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('signed-in cache', () => {
  it('answers a session from memory within its TTL, then reads again', async () => {
    const r = rig();
    await r.ready();
    expect(await r.cache.read('s1', 'c1', r.load('c1'))).toEqual({ id: 'c1', vip: 0 });
    expect(await r.cache.read('s1', 'c1', r.load('c1'))).toEqual({ id: 'c1', vip: 0 });
    expect(r.reads()).toBe(1);
    r.advance(100);
    await r.cache.read('s1', 'c1', r.load('c1'));
    expect(r.reads()).toBe(2);
  });

  it('keeps nothing before the bus subscription is live', async () => {
    const r = rig();
    await r.cache.read('s1', 'c1', r.load('c1'));
    await r.cache.read('s1', 'c1', r.load('c1'));
    expect(r.reads()).toBe(2);
  });

  it('a change to the client drops every copy of its sessions at once', async () => {
    const r = rig();
    await r.ready();
    await r.cache.read('s1', 'c1', r.load('c1'));
    await r.cache.read('s2', 'c1', r.load('c1'));
    r.db.set('c1', { id: 'c1', vip: 3 });
    r.cache.changed('c1');
    expect(await r.cache.read('s1', 'c1', r.load('c1'))).toEqual({ id: 'c1', vip: 3 });
    expect(await r.cache.read('s2', 'c1', r.load('c1'))).toEqual({ id: 'c1', vip: 3 });
  });

  it('a change published by another instance drops the copies here', async () => {
    const r = rig();
    await r.ready();
    await r.cache.read('s1', 'c1', r.load('c1'));
    r.db.set('c1', { id: 'c1', vip: 5 });
    r.bus.publish('auth.signed-in.changed', 'c1');
    expect(await r.cache.read('s1', 'c1', r.load('c1'))).toEqual({ id: 'c1', vip: 5 });
  });

  it('a read that a change overtook is not kept', async () => {
    const r = rig();
    await r.ready();
    let release!: (row: Row) => void;
    const slow = r.cache.read(
      's1',
      'c1',
      () => new Promise<Row | undefined>((resolve) => (release = resolve)),
    );
    r.cache.changed('c1');
    release({ id: 'c1', vip: 0 }); // what the database held before the change committed
    await slow;
    r.db.set('c1', { id: 'c1', vip: 7 });
    expect(await r.cache.read('s1', 'c1', r.load('c1'))).toEqual({ id: 'c1', vip: 7 });
  });

  it('a session that is not live is never kept', async () => {
    const r = rig();
    await r.ready();
    expect(await r.cache.read('s1', 'gone', r.load('gone'))).toBeUndefined();
    await r.cache.read('s1', 'gone', r.load('gone'));
    expect(r.reads()).toBe(2);
  });

  it('a session read for another client is not answered from the copy', async () => {
    const r = rig();
    await r.ready();
    await r.cache.read('s1', 'c1', r.load('c1'));
    expect(await r.cache.read('s1', 'c2', r.load('c2'))).toBeUndefined();
  });

  it('a write whose commit it cannot see keeps the client uncached until it surely has', async () => {
    let t = 0;
    const cache = createSignedInCache<Row>({
      bus: createLocalBus(),
      ttlMs: 100,
      dirtyMs: 1000,
      now: () => t,
    });
    await cache.read('warm-up', 'nobody', async () => undefined);
    await new Promise((r) => setImmediate(r));
    let reads = 0;
    const load = async () => ({ id: 'c1', vip: ++reads });
    cache.changing('c1');
    await cache.read('s1', 'c1', load);
    await cache.read('s1', 'c1', load);
    expect(reads).toBe(2);
    t = 1000;
    await cache.read('s1', 'c1', load);
    await cache.read('s1', 'c1', load);
    expect(reads).toBe(3);
  });

  it('settled() answers only once copies read before the last change have expired everywhere', async () => {
    const r = rig(30);
    let done = false;
    r.cache.changed('c1');
    const settled = r.cache.settled().then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    await settled;
    expect(done).toBe(true);
    // Long after the last change there is nothing left to wait for.
    r.advance(30);
    let late = false;
    const after = r.cache.settled().then(() => (late = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(late).toBe(true);
    await after;
  });
});
