/**
 * The kept past closes against a real database: whatever rewrites a stored bar is read again,
 * and the versions the database moves for it (migration 0057).
 */
import { sql } from 'drizzle-orm';
import { addIstDays, daysInMs } from '@sampada/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { manualClock } from '../../platform/clock.ts';
import { istDateOf } from '../../platform/ist.ts';
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

  it('sees a backfill, a deletion and a TRUNCATE, each one statement', async () => {
    const closesOf = createDailyClosesCache(database.db, clock);
    expect(days(await closesOf(['WIPRO']), 'WIPRO')).toEqual([]);
    // A backfill of past days in one multi-row statement (history.ts, price-import.ts).
    await database.db.execute(sql`
      insert into candles (symbol, interval, start, open, high, low, close, volume)
      select 'WIPRO', '1d', d, 500, 500, 500, 500, 0
        from generate_series('2026-10-01T00:00:00+05:30'::timestamptz,
                             '2026-10-03T00:00:00+05:30'::timestamptz, '1 day') d`);
    expect(days(await closesOf(['WIPRO']), 'WIPRO')).toHaveLength(3);
    await database.db.execute(
      sql`delete from candles where symbol = 'WIPRO' and start = '2026-10-01T00:00:00+05:30'`,
    );
    expect(days(await closesOf(['WIPRO']), 'WIPRO')).toHaveLength(2);
    await database.db.execute(sql`truncate candles`);
    expect(days(await closesOf(['WIPRO']), 'WIPRO')).toEqual([]);
  });

  it('reads yesterday afresh, so a write that moves no version is still seen', async () => {
    const closesOf = createDailyClosesCache(database.db, clock);
    const today = istDateOf(clock.now());
    const yesterday = addIstDays(today, -1);
    await bar('HDFCBANK', addIstDays(today, -2), 1_600);
    await bar('HDFCBANK', yesterday, 1_610);
    expect(days(await closesOf(['HDFCBANK']), 'HDFCBANK')).toHaveLength(2);
    // As the live market's write to its newest bar: with the triggers off, no version moves.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        update candles set close = 1620 where symbol = 'HDFCBANK'
           and start = ${`${yesterday}T00:00:00+05:30`}::timestamptz`);
    });
    expect(days(await closesOf(['HDFCBANK']), 'HDFCBANK').at(-1)).toBe(`${yesterday} 1620`);
  });
});

describe('the versions the database moves (migration 0057)', () => {
  const versionOf = async (symbol: string) => {
    const { rows } = (await database.db.execute(
      sql`select version::int as v from candle_history_versions where symbol = ${symbol}`,
    )) as unknown as { rows: { v: number }[] };
    return rows[0]?.v ?? 0;
  };
  /** A bar on the database's own IST day, as the live market writes it. */
  const liveBar = (symbol: string, close: number) =>
    database.db.execute(sql`
      insert into candles (symbol, interval, start, open, high, low, close, volume)
      values (${symbol}, '1d',
              date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata',
              ${close}, ${close}, ${close}, ${close}, 1)
      on conflict (symbol, interval, start) do update
        set close = excluded.close, volume = candles.volume + excluded.volume`);

  it('stay put while the live market folds ticks into the newest bar of the day', async () => {
    await liveBar('ITC', 400);
    const before = await versionOf('ITC');
    await liveBar('ITC', 401);
    await liveBar('ITC', 402);
    expect(await versionOf('ITC')).toBe(before);
  });

  it('move for a past bar, and for a bar of today that has a later one', async () => {
    await liveBar('LT', 3_000);
    const before = await versionOf('LT');
    await bar('LT', '2026-10-10', 2_900);
    expect(await versionOf('LT')).toBe(before + 1);
    await database.db.execute(sql`
      insert into candles (symbol, interval, start, open, high, low, close, volume)
      values ('LT', '1d', now() + interval '2 days', 1, 1, 1, 1, 0)`);
    const withLater = await versionOf('LT');
    await liveBar('LT', 3_010);
    expect(await versionOf('LT')).toBe(withLater + 1);
  });
});
