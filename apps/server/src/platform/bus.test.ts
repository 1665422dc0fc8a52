/** The Redis bus: one deployment's instances hear each other; another database's do not. */
import { describe, expect, it } from 'vitest';
import { busPrefixOf, createRedisBus } from './bus.ts';

const redisUrl = process.env.REDIS_URL;

describe('the bus prefix', () => {
  it('names the database server and database, and falls back without one', () => {
    expect(busPrefixOf('postgres://postgres@127.0.0.1:5432/sampada')).toBe(
      'sampada:127.0.0.1:5432/sampada:',
    );
    expect(busPrefixOf(undefined)).toBe('sampada:');
  });
});

describe.skipIf(!redisUrl)('the Redis bus', () => {
  it('carries a message between instances of one database, never to another database', async () => {
    const one = 'postgres://postgres@127.0.0.1:5432/bus_test_one';
    const [a, b, other] = [
      createRedisBus(redisUrl!, busPrefixOf(one)),
      createRedisBus(redisUrl!, busPrefixOf(one)),
      createRedisBus(redisUrl!, busPrefixOf('postgres://postgres@127.0.0.1:5432/bus_test_two')),
    ];
    try {
      const heardByB: string[] = [];
      const heardByOther: string[] = [];
      b.subscribe('transitions:deposit', (m) => heardByB.push(m));
      other.subscribe('transitions:deposit', (m) => heardByOther.push(m));
      // Subscriptions reach Redis asynchronously: publish until B hears, then a little longer.
      for (let i = 0; i < 50 && heardByB.length === 0; i++) {
        a.publish('transitions:deposit', `hello ${i}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(heardByB.length).toBeGreaterThan(0);
      expect(heardByOther).toEqual([]);
    } finally {
      await Promise.all([a, b, other].map((bus) => bus.close()));
    }
  });
});
