/** The kept past closes against a real database: whatever rewrites a stored bar is read again. */
import { sql } from 'drizzle-orm';
import { daysInMs } from '@sampada/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { manualClock } from '../../platform/clock.ts';
import { freshPostgresDatabase } from '../../test/helpers.ts';
import { createDailyClosesCache } from './daily-closes-cache.ts';

let scratch: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let database: Database;
beforeAll(async () => {
  scratch = await freshPostgresDatabase();
  database = await openDatabase({ url: scratch.url });
});
afterAll(async () => {
  await database.close();
  await scratch.drop();
});

/** 10:00 IST on 20 Nov 2026. */
const clock = manualClock(new Date('2026-11-20T04:30:00Z'));
const bar = (symbol: string, day: string, close: number) =>
  database.db.execute(sql`
    insert into candles (symbol, interval, start, open, high, low, close, volume)
    values (${symbol}, '1d', ${`${day}T00:00:00+05:30`}::timestamptz, ${close}, ${close},
            ${close}, ${close}, 0)
    on conflict (symbol, interval, start) do update set close = excluded.close`);
const days = (m: Map<string, { day: string; close: number }[]>, symbol: string) =>
  m.get(symbol)!.map((c) => `${c.day} ${c.close}`);

describe('daily closes kept per instance', () => {
  it('answers as stored: a re-based past, an imported day, a new day and today each read', async () => {
    const closesOf = createDailyClosesCache(database.db, clock);
    await bar('TCS', '2026-11-18', 100_000);
    await bar('TCS', '2026-11-19', 101_000);
    await bar('TCS', '2026-11-20', 102_000);
    expect(days(await closesOf(['TCS', 'INFY']), 'TCS')).toEqual([
      '2026-11-18 100000',
      '2026-11-19 101000',
      '2026-11-20 102000',
    ]);
    // Today's bar moves with the market; the past is kept.
    await bar('TCS', '2026-11-20', 102_500);
    expect(days(await closesOf(['TCS']), 'TCS').at(-1)).toBe('2026-11-20 102500');
    // A 1:5 split's re-base of every past bar, from any process.
    await database.db.execute(
      sql`update candles set close = close / 5 where symbol = 'TCS' and start < '2026-11-20T00:00:00+05:30'`,
    );
    expect(days(await closesOf(['TCS']), 'TCS').slice(0, 2)).toEqual([
      '2026-11-18 20000',
      '2026-11-19 20200',
    ]);
    // A bhavcopy replacing one past day; two days' changes that leave Σ close unchanged.
    await bar('TCS', '2026-11-18', 20_010);
    expect(days(await closesOf(['TCS']), 'TCS')[0]).toBe('2026-11-18 20010');
    await bar('TCS', '2026-11-18', 20_000);
    await bar('TCS', '2026-11-19', 20_210);
    expect(days(await closesOf(['TCS']), 'TCS').slice(0, 2)).toEqual([
      '2026-11-18 20000',
      '2026-11-19 20210',
    ]);
    // A scrip with no bars, then its first; and the next day, today's bar becomes the past.
    expect(days(await closesOf(['INFY']), 'INFY')).toEqual([]);
    await bar('INFY', '2026-11-19', 150_000);
    expect(days(await closesOf(['INFY']), 'INFY')).toEqual(['2026-11-19 150000']);
    clock.advance(daysInMs(1));
    await bar('TCS', '2026-11-21', 20_600);
    expect(days(await closesOf(['TCS']), 'TCS').slice(-2)).toEqual([
      '2026-11-20 102500',
      '2026-11-21 20600',
    ]);
  });
});
