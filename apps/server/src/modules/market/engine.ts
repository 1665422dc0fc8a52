/**
 * The market engine: owns every instrument's live state, runs the feed during the NSE
 * session, rolls the trading day, computes the indices from their constituents, builds
 * candles and persists them with the quote state. One process leads (it steps the feed and
 * publishes each step's states on the bus); other processes follow the bus.
 */
import {
  CANDLE_INTERVALS,
  daysInMs,
  priceAfter,
  shareFactor,
  type TMarketSession,
  type TQuote,
  volumeAfter,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MarketCalendar } from './calendar.ts';
import type { MarketFeed } from './feed.ts';
import { type Constituent, indexLevel } from './indices.ts';
import { bandFor, type Instrument, type QuoteState, toQuote, type Trade } from './model.ts';
import { FNO_OPERATING_RANGE_PCT, FNO_RANGE_STEP_PCT } from './ticks.ts';
import { addTrade, bucketStart, type CandleRow, dailyExtremes, upsertCandles } from './candles.ts';
import { loadConstituents, loadInstruments } from './instruments.ts';
import { loadQuoteStates, saveQuoteStates } from './quote-state.ts';
import type { Rebase } from './rebase.ts';

export const STATES_CHANNEL = 'market:states';
export const STATUS_CHANNEL = 'market:status';
/** A newly listed instrument's symbol: followers load it from the database. */
export const LISTED_CHANNEL = 'market:listed';
/** A split, consolidation or bonus applied (stored rows already re-based): the leader's to do. */
export const REBASE_CHANNEL = 'market:rebase';
/** A rebase on the bus: the action's ratio and the ex-date's start (candles before it move). */
export type RebaseMessage = Rebase & { before: Date };
const YEAR_MS = daysInMs(365);

type Listener = (symbols: string[]) => void;

export function createMarketEngine(deps: {
  db: Db;
  clock: Clock;
  calendar: MarketCalendar;
  feed: MarketFeed;
  bus: Bus;
  stepMs?: number;
  flushMs?: number;
  log?: (message: string, error?: unknown) => void;
}) {
  const { db, clock, calendar, feed, bus } = deps;
  const stepMs = deps.stepMs ?? 500;
  const flushMs = deps.flushMs ?? 5_000;
  let instruments: Instrument[] = [];
  const bySymbol = new Map<string, Instrument>();
  let constituents = new Map<string, Constituent[]>();
  const states = new Map<string, QuoteState>();
  const pending = new Map<string, CandleRow>();
  const unsaved = new Set<string>();
  const listeners = new Set<Listener>();
  let lastSession: TMarketSession | null = null;
  let timers: NodeJS.Timeout[] = [];
  let flushing: Promise<void> = Promise.resolve();
  // The leader owns prices; a follower mirrors them; neither (a test, the CLI) owns its own.
  let leading = false;
  let following = false;
  let stopRebases = () => {};

  function freshState(instrument: Instrument): QuoteState {
    return {
      symbol: instrument.symbol,
      tradingDate: '1970-01-01',
      last: instrument.refClosePaise,
      open: null,
      high: null,
      low: null,
      prevClose: instrument.refClosePaise,
      volume: 0,
      valuePaise: 0,
      tickBasis: instrument.refClosePaise,
      rangePct: null,
      week52High: instrument.refClosePaise,
      week52Low: instrument.refClosePaise,
      updatedAt: new Date(0),
    };
  }

  async function load() {
    instruments = await loadInstruments(db);
    bySymbol.clear();
    for (const i of instruments) bySymbol.set(i.symbol, i);
    constituents = await loadConstituents(db);
    const stored = new Map((await loadQuoteStates(db)).map((r) => [r.symbol, r]));
    const extremes = new Map(
      (await dailyExtremes(db, new Date(clock.now().getTime() - YEAR_MS))).map((r) => [
        r.symbol,
        r,
      ]),
    );
    states.clear();
    for (const instrument of instruments) {
      const row = stored.get(instrument.symbol);
      const state: QuoteState = row
        ? {
            symbol: row.symbol,
            tradingDate: row.tradingDate,
            last: row.last,
            open: row.open,
            high: row.high,
            low: row.low,
            prevClose: row.prevClose,
            volume: row.volume,
            valuePaise: row.valuePaise,
            tickBasis: row.tickBasis,
            rangePct: row.rangePct,
            week52High: row.last,
            week52Low: row.last,
            updatedAt: row.updatedAt,
          }
        : freshState(instrument);
      const range = extremes.get(instrument.symbol);
      if (range?.high != null) state.week52High = Math.max(state.week52High, range.high);
      if (range?.low != null) state.week52Low = Math.min(state.week52Low, range.low);
      states.set(instrument.symbol, state);
    }
  }

  /** A new trading date: yesterday's last becomes the previous close and the day restarts. */
  function rollDay(tradingDate: string) {
    for (const state of states.values()) {
      if (state.tradingDate === tradingDate) continue;
      if (state.high !== null) state.week52High = Math.max(state.week52High, state.high);
      if (state.low !== null) state.week52Low = Math.min(state.week52Low, state.low);
      // NSE re-sets tick sizes monthly from the previous month's last close.
      if (state.tradingDate.slice(0, 7) !== tradingDate.slice(0, 7)) state.tickBasis = state.last;
      state.prevClose = state.last;
      state.open = state.high = state.low = null;
      state.volume = 0;
      state.valuePaise = 0;
      state.rangePct = null;
      state.tradingDate = tradingDate;
      unsaved.add(state.symbol);
    }
  }

  function apply(trade: Trade, now: Date) {
    const state = states.get(trade.symbol);
    const instrument = bySymbol.get(trade.symbol);
    if (!state || !instrument) return;
    const { price, volume } = trade;
    state.last = price;
    state.open ??= price;
    state.high = Math.max(state.high ?? price, price);
    state.low = Math.min(state.low ?? price, price);
    state.volume += volume;
    state.valuePaise += price * volume;
    state.updatedAt = now;
    if (instrument.fno) {
      const band = bandFor(instrument, state)!;
      if (price >= band.upper || price <= band.lower) {
        state.rangePct = (state.rangePct ?? FNO_OPERATING_RANGE_PCT) + FNO_RANGE_STEP_PCT;
      }
    }
    for (const interval of CANDLE_INTERVALS) {
      const start = bucketStart(now, interval);
      const key = `${trade.symbol}|${interval}|${start.getTime()}`;
      const row = pending.get(key);
      pending.set(key, {
        symbol: trade.symbol,
        interval,
        start,
        bar: addTrade(row?.bar, price, volume),
      });
    }
    unsaved.add(trade.symbol);
  }

  /**
   * The scrip's live state in the new shares (decision 051): prices × den / num through the
   * shared ratio maths, the day's volume × num / den, unflushed candles before the ex-date,
   * each index's base price of it and the feed's own level; then the state goes to followers
   * marked `rebased`, so that they take its lower 52-week range instead of keeping the higher.
   */
  function rebase({ symbol, ratio, before }: RebaseMessage) {
    const state = states.get(symbol);
    if (!state) return;
    const price = (paise: number) => priceAfter(ratio, paise);
    const maybe = (paise: number | null) => (paise === null ? null : price(paise));
    Object.assign(state, {
      last: price(state.last),
      open: maybe(state.open),
      high: maybe(state.high),
      low: maybe(state.low),
      prevClose: price(state.prevClose),
      tickBasis: price(state.tickBasis),
      week52High: price(state.week52High),
      week52Low: price(state.week52Low),
      volume: volumeAfter(ratio, state.volume),
    });
    for (const row of pending.values())
      if (row.symbol === symbol && row.start < before)
        row.bar = {
          open: price(row.bar.open),
          high: price(row.bar.high),
          low: price(row.bar.low),
          close: price(row.bar.close),
          volume: volumeAfter(ratio, row.bar.volume),
        };
    for (const [index, members] of constituents)
      constituents.set(
        index,
        members.map((c) =>
          c.symbol === symbol ? { ...c, basePricePaise: price(c.basePricePaise) } : c,
        ),
      );
    const { num, den } = shareFactor(ratio);
    feed.rebase?.(symbol, den / num);
    unsaved.add(symbol);
    bus.publish(STATES_CHANNEL, JSON.stringify([{ ...state, rebased: true }]));
    notify([symbol]);
  }

  function notify(symbols: string[]) {
    for (const listener of listeners) listener(symbols);
  }

  /** One engine step at `now`: trades from the feed, then the indices. Returns the symbols that moved. */
  function step(now: Date = clock.now()): string[] {
    const info = calendar.sessionAt(now);
    if (info.session !== lastSession) {
      lastSession = info.session;
      bus.publish(STATUS_CHANNEL, JSON.stringify(calendar.status(now)));
    }
    if (info.session !== 'open') return [];
    rollDay(info.istDate);
    const trades = feed.step({
      step: Math.floor(now.getTime() / stepMs),
      stepMs,
      minute: info.minute,
      tradingDate: info.istDate,
      instruments,
      states,
    });
    const moved = new Set<string>();
    for (const trade of trades) {
      apply(trade, now);
      moved.add(trade.symbol);
    }
    for (const [indexSymbol, members] of constituents) {
      const index = bySymbol.get(indexSymbol);
      if (!index?.baseValuePaise) continue;
      const level = indexLevel(index.baseValuePaise, members, (s) => states.get(s)?.last);
      if (level !== states.get(indexSymbol)?.last) {
        apply({ symbol: indexSymbol, price: level, volume: 0 }, now);
        moved.add(indexSymbol);
      }
    }
    const symbols = [...moved];
    if (symbols.length) {
      bus.publish(STATES_CHANNEL, JSON.stringify(symbols.map((s) => states.get(s))));
      notify(symbols);
    }
    return symbols;
  }

  /** Writes the candles and quote states gathered since the last flush. */
  function flush(): Promise<void> {
    // Chained so flushes never overlap; a failed one must not stop the ones after it.
    flushing = flushing
      .catch(() => {})
      .then(async () => {
        const rows = [...pending.values()];
        pending.clear();
        const changed = [...unsaved].flatMap((s) => (states.has(s) ? [states.get(s)!] : []));
        unsaved.clear();
        if (rows.length) await upsertCandles(db, rows, 'merge');
        if (changed.length) await saveQuoteStates(db, changed);
      });
    return flushing;
  }

  const guarded = (what: string, run: () => unknown) => () => {
    try {
      const result = run();
      if (result instanceof Promise) result.catch((error) => deps.log?.(what, error));
    } catch (error) {
      deps.log?.(what, error);
    }
  };

  return {
    load,
    step,
    flush,
    /**
     * A newly listed stock joins the running market at its reference close (an IPO's issue
     * price); a new array, so that anything prepared from the old universe is rebuilt.
     */
    add(instrument: Instrument) {
      if (bySymbol.has(instrument.symbol)) return;
      instruments = [...instruments, instrument].sort((a, b) => a.symbol.localeCompare(b.symbol));
      bySymbol.set(instrument.symbol, instrument);
      states.set(instrument.symbol, freshState(instrument));
      unsaved.add(instrument.symbol);
    },
    /** The leader: steps the feed and flushes on timers. */
    start() {
      leading = true;
      stopRebases = bus.subscribe(REBASE_CHANNEL, (message) => {
        const r = JSON.parse(message) as RebaseMessage & { before: string };
        rebase({ ...r, before: new Date(r.before) });
      });
      timers.push(
        setInterval(
          guarded('market step failed', () => step()),
          stepMs,
        ),
      );
      timers.push(setInterval(guarded('market flush failed', flush), flushMs));
    },
    /** A follower: mirrors the leader's states from the bus. */
    follow() {
      following = true;
      const off = bus.subscribe(STATES_CHANNEL, (message) => {
        const incoming = JSON.parse(message) as (QuoteState & {
          updatedAt: string;
          rebased?: true;
        })[];
        for (const { rebased, ...s } of incoming) {
          const current = states.get(s.symbol);
          if (!current) continue;
          // A re-based state replaces the range; otherwise the widest range seen holds.
          Object.assign(current, s, {
            updatedAt: new Date(s.updatedAt),
            week52High: rebased ? s.week52High : Math.max(current.week52High, s.week52High),
            week52Low: rebased ? s.week52Low : Math.min(current.week52Low, s.week52Low),
          });
        }
        notify(incoming.map((s) => s.symbol));
      });
      return () => {
        following = false;
        off();
      };
    },
    /**
     * After a split's, consolidation's or bonus's commit (its stored rows re-based): the
     * leader, or an engine that neither leads nor follows, re-bases its live state at once; a
     * follower, or a process that does not lead (the operator CLI), tells the leader.
     */
    rebased(r: RebaseMessage) {
      if (!following) rebase(r);
      if (!leading) bus.publish(REBASE_CHANNEL, JSON.stringify(r));
    },
    /**
     * Imported official closes for `tradeDate` become the last price of instruments whose state
     * is not past that date, so the next session opens from them.
     */
    adoptCloses(tradeDate: string, closes: Map<string, number>) {
      for (const [symbol, close] of closes) {
        const state = states.get(symbol);
        if (!state || state.tradingDate > tradeDate) continue;
        state.last = close;
        unsaved.add(symbol);
      }
    },
    async stop() {
      leading = false;
      stopRebases();
      timers.forEach(clearInterval);
      timers = [];
      await flush();
    },
    onQuotes(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    instruments: () => instruments,
    instrument: (symbol: string) => bySymbol.get(symbol),
    constituentsOf: (indexSymbol: string) => constituents.get(indexSymbol) ?? [],
    state: (symbol: string) => states.get(symbol),
    quote(symbol: string): TQuote | undefined {
      const instrument = bySymbol.get(symbol);
      const state = states.get(symbol);
      return instrument && state
        ? toQuote(instrument, state, bandFor(instrument, state))
        : undefined;
    },
    feedKind: () => feed.kind,
  };
}

export type MarketEngine = ReturnType<typeof createMarketEngine>;
