/**
 * Daily closes of many scrips at once, for the portfolio's returns: each scrip's closes of the
 * days before yesterday are kept per instance, since a day's close does not change once the day
 * is over — except when something rewrites stored bars: a corporate action's re-base
 * (rebase.ts, from any process), a bhavcopy import (price-import.ts, `replace`), a backfill. The
 * database moves a version per scrip in the same statement as any such write (migration 0057),
 * so every call reads those versions in one indexed query and reads again the scrips whose
 * version moved; yesterday's and today's bars are read every time (the live market's writes to
 * the newest bar move no version). bench/returns.mjs: the 27,384 closes of a five-year history
 * were most of a returns answer, and then their fingerprint (count, Σ close, Σ close × start,
 * a scan of every bar) a third of it.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { istDateOf } from '../../platform/ist.ts';
import { addIstDays, istDayStart } from '@sampada/shared';

export type DailyClose = { day: string; close: number };

type Kept = { mark: string; closes: DailyClose[] };

/** How many scrips' closes an instance keeps (least recently asked dropped first). */
const KEEP = 256;

/** The last bars a scrip's returns read (market/service.ts `dailyCloses`' default). */
const LIMIT = 2_000;

type Version = { symbol: string; version: string };
/** The version a TRUNCATE of candles moves (migration 0057). */
const EVERY_SCRIP = '*';
type Bar = { symbol: string; ms: number; close: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const symbolsParam = (symbols: string[]) => sql`${sql.param(symbols)}::text[]`;
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * What each scrip's kept closes are valid for: its history's version, the TRUNCATE version
 * and the day they were read up to.
 */
async function marksOf(db: Executor, symbols: string[], keptBefore: Date) {
  const rows = rowsOf<Version>(
    await db.execute(sql`
      select symbol, version::text as version from candle_history_versions
       where symbol = any(${symbolsParam([...symbols, EVERY_SCRIP])})`),
  );
  const versions = new Map(rows.map((r) => [r.symbol, r.version]));
  const suffix = `${versions.get(EVERY_SCRIP) ?? 0}@${keptBefore.getTime()}`;
  return new Map(symbols.map((s) => [s, `${versions.get(s) ?? 0}:${suffix}`]));
}

/** Bars as the market stores them, oldest first, each with its IST day. */
async function barsOf(db: Executor, symbols: string[], where: SQL) {
  const rows = rowsOf<Bar>(
    await db.execute(sql`
      select symbol, (extract(epoch from start) * 1000)::float8 as ms, close::text as close from (
        select symbol, start, close,
               row_number() over (partition by symbol order by start desc) as newest
          from candles
         where interval = '1d' and symbol = any(${symbolsParam(symbols)}) and ${where}) b
       where newest <= ${LIMIT}
       order by symbol, start`),
  );
  const bySymbol = new Map<string, DailyClose[]>(symbols.map((s) => [s, []]));
  for (const r of rows)
    bySymbol.get(r.symbol)!.push({ day: istDateOf(new Date(r.ms)), close: Number(r.close) });
  return bySymbol;
}

export function createDailyClosesCache(db: Executor, clock: Clock) {
  const kept = new Map<string, Kept>();

  function keep(symbol: string, entry: Kept) {
    kept.delete(symbol);
    kept.set(symbol, entry);
    if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
  }

  /** Each scrip's last 2,000 daily closes by IST day, oldest first (today's included). */
  return async function dailyClosesOf(asked: string[]): Promise<Map<string, DailyClose[]>> {
    const symbols = [...new Set(asked)];
    // Yesterday's bar too is read every time: the engine's last flush of a day just ended, and
    // a database clock a few hours off the server's, both write it without moving a version.
    const keptBefore = istDayStart(addIstDays(istDateOf(clock.now()), -1));
    const [marks, recent] = await Promise.all([
      marksOf(db, symbols, keptBefore),
      barsOf(db, symbols, sql`start >= ${instant(keptBefore)}`),
    ]);
    const stale = symbols.filter((s) => kept.get(s)?.mark !== marks.get(s));
    const fresh = stale.length
      ? await barsOf(db, stale, sql`start < ${instant(keptBefore)}`)
      : new Map<string, DailyClose[]>();
    const answer = new Map<string, DailyClose[]>();
    for (const symbol of symbols) {
      const past = fresh.get(symbol) ?? kept.get(symbol)!.closes;
      keep(symbol, { mark: marks.get(symbol)!, closes: past });
      const now = recent.get(symbol)!;
      answer.set(symbol, now.length ? [...past, ...now].slice(-LIMIT) : past);
    }
    return answer;
  };
}
