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
    const two = 'postgres://postgres@127.0.0.1:5432/bus_test_two';
    const [a, b, other, otherPeer] = [
      createRedisBus(redisUrl!, busPrefixOf(one)),
      createRedisBus(redisUrl!, busPrefixOf(one)),
      createRedisBus(redisUrl!, busPrefixOf(two)),
      createRedisBus(redisUrl!, busPrefixOf(two)),
    ];
    try {
      const heardByB: string[] = [];
      const heardByOther: string[] = [];
      b.subscribe('transitions:deposit', (m) => heardByB.push(m));
      other.subscribe('transitions:deposit', (m) => heardByOther.push(m));
      // Subscriptions reach Redis asynchronously: publish until each subscriber hears its own.
      const untilHeard = async (publish: () => void, heard: () => boolean) => {
        for (let i = 0; i < 100 && !heard(); i++) {
          publish();
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      await untilHeard(
        () => a.publish('transitions:deposit', 'ready'),
        () => heardByB.length > 0,
      );
      await untilHeard(
        () => otherPeer.publish('transitions:deposit', 'sentinel'),
        () => heardByOther.length > 0,
      );
      // Both are listening now. Redis delivers in the order it ran the publishes, so had the
      // other database heard A's message it would hear it before the last sentinel.
      a.publish('transitions:deposit', 'to one only');
      await untilHeard(
        () => undefined,
        () => heardByB.includes('to one only'),
      );
      otherPeer.publish('transitions:deposit', 'last');
      await untilHeard(
        () => undefined,
        () => heardByOther.includes('last'),
      );
      expect(heardByB).toContain('to one only');
      expect(heardByOther.filter((m) => m !== 'sentinel')).toEqual(['last']);
    } finally {
      await Promise.all([a, b, other, otherPeer].map((bus) => bus.close()));
    }
  });
});
