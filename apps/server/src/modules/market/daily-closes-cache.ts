/**
 * Daily closes of many scrips at once, for the portfolio's returns: each scrip's closes of the
 * days before today are kept per instance, since a day's close does not change once the day is
 * over — except when something rewrites stored bars: a corporate action's re-base (rebase.ts,
 * from any process), a bhavcopy import (price-import.ts, `replace`), the engine's last flush of
 * a day just ended, a backfill. So every call checks, in one query, a fingerprint of each
 * scrip's stored past bars — their count, Σ close and Σ close × start — and reads again the
 * scrips whose fingerprint moved; today's bars are read every time. A change the fingerprint
 * cannot see would need two or more bars rewritten so that both sums stay equal to the paisa.
 * bench/returns.mjs: the 27,384 closes of a five-year history were most of a returns answer.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { istDateOf } from '../../platform/ist.ts';
import { istDayStart } from '@sampada/shared';

export type DailyClose = { day: string; close: number };

type Kept = { mark: string; closes: DailyClose[] };

/** How many scrips' closes an instance keeps (least recently asked dropped first). */
const KEEP = 256;

/** The last bars a scrip's returns read (market/service.ts `dailyCloses`' default). */
const LIMIT = 2_000;

type Mark = { symbol: string; n: string; total: string; weighted: string };
type Bar = { symbol: string; ms: number; close: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const symbolsParam = (symbols: string[]) => sql`${sql.param(symbols)}::text[]`;
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The fingerprint of each scrip's stored daily bars before `start`. */
async function marksOf(db: Executor, symbols: string[], start: Date) {
  const rows = rowsOf<Mark>(
    await db.execute(sql`
      select symbol, count(*)::text as n, sum(close)::text as total,
             sum(close * extract(epoch from start))::text as weighted
        from candles
       where interval = '1d' and symbol = any(${symbolsParam(symbols)}) and start < ${instant(start)}
       group by symbol`),
  );
  return new Map(rows.map((r) => [r.symbol, `${r.n}:${r.total}:${r.weighted}`]));
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
    const todayStart = istDayStart(istDateOf(clock.now()));
    const [marks, today] = await Promise.all([
      marksOf(db, symbols, todayStart),
      barsOf(db, symbols, sql`start >= ${instant(todayStart)}`),
    ]);
    const stale = symbols.filter((s) => kept.get(s)?.mark !== (marks.get(s) ?? ''));
    const fresh = stale.length
      ? await barsOf(db, stale, sql`start < ${instant(todayStart)}`)
      : new Map<string, DailyClose[]>();
    const answer = new Map<string, DailyClose[]>();
    for (const symbol of symbols) {
      const past = fresh.get(symbol) ?? kept.get(symbol)!.closes;
      keep(symbol, { mark: marks.get(symbol) ?? '', closes: past });
      const now = today.get(symbol)!;
      answer.set(symbol, now.length ? [...past, ...now].slice(-LIMIT) : past);
    }
    return answer;
  };
}
