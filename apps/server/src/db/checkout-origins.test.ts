import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshPostgresDatabase } from '../test/helpers.ts';
import { openDatabase } from './client.ts';

afterEach(() => vi.restoreAllMocks());

describe('a shutdown that cannot drain the pool', () => {
  it('names the code that still holds a connection, and not one that gave its connection back', async () => {
    const target = await freshPostgresDatabase();
    const database = await openDatabase({ url: target.url, migrate: false });
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args) => void warnings.push(args.join(' ')));
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    try {
      await database.db.execute(sql`select 1`); // checked out and released by pool.query
      const stuckJob = async function aJobThatNeverLetsGo() {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          holding();
          await released;
        });
      };
      const running = stuckJob();
      await held;
      await database.close();
      letGo();
      await running.catch(() => {});

      expect(warnings[0]).toMatch(/1 connection\(s\) still checked out at shutdown/);
      expect(warnings.slice(1)).toHaveLength(1);
      expect(warnings[1]).toMatch(/checked out at .*aJobThatNeverLetsGo/);
    } finally {
      letGo();
      await target.drop();
    }
  });
});
