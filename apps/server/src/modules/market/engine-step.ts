/**
 * The leader's hot path: one step of the feed applied to the live states and the pending
 * candles, the indices recomputed, and the gathered rows flushed to the database.
 */
import { CANDLE_INTERVALS } from '@sampada/shared';
import { addTrade, bucketStart, upsertCandles } from './candles.ts';
import { STATES_CHANNEL, STATUS_CHANNEL } from './engine-channels.ts';
import { type EngineDeps, type EngineState, notify } from './engine-state.ts';
import { indexLevel } from './indices.ts';
import { bandFor, type Trade } from './model.ts';
import { saveQuoteStates } from './quote-state.ts';
import { FNO_OPERATING_RANGE_PCT, FNO_RANGE_STEP_PCT } from './ticks.ts';

/** A new trading date: yesterday's last becomes the previous close and the day restarts. */
function rollDay(st: EngineState, tradingDate: string) {
  for (const state of st.states.values()) {
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
    st.unsaved.add(state.symbol);
  }
}

function apply(st: EngineState, trade: Trade, now: Date) {
  const state = st.states.get(trade.symbol);
  const instrument = st.bySymbol.get(trade.symbol);
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
    const row = st.pending.get(key);
    st.pending.set(key, {
      symbol: trade.symbol,
      interval,
      start,
      bar: addTrade(row?.bar, price, volume),
    });
  }
  st.unsaved.add(trade.symbol);
}

/** One engine step at `now`: trades from the feed, then the indices. Returns the symbols that moved. */
export function step(deps: EngineDeps, st: EngineState, now: Date): string[] {
  const { calendar, bus, feed, stepMs } = deps;
  const info = calendar.sessionAt(now);
  if (info.session !== st.lastSession) {
    st.lastSession = info.session;
    bus.publish(STATUS_CHANNEL, JSON.stringify(calendar.status(now)));
  }
  if (info.session !== 'open') return [];
  rollDay(st, info.istDate);
  const trades = feed.step({
    step: Math.floor(now.getTime() / stepMs),
    stepMs,
    minute: info.minute,
    tradingDate: info.istDate,
    instruments: st.instruments,
    states: st.states,
  });
  const moved = new Set<string>();
  for (const trade of trades) {
    apply(st, trade, now);
    moved.add(trade.symbol);
  }
  const { states } = st;
  for (const [indexSymbol, members] of st.constituents) {
    const index = st.bySymbol.get(indexSymbol);
    if (!index?.baseValuePaise) continue;
    const level = indexLevel(index.baseValuePaise, members, (s) => states.get(s)?.last);
    if (level !== states.get(indexSymbol)?.last) {
      apply(st, { symbol: indexSymbol, price: level, volume: 0 }, now);
      moved.add(indexSymbol);
    }
  }
  const symbols = [...moved];
  if (symbols.length) {
    bus.publish(STATES_CHANNEL, JSON.stringify(symbols.map((s) => states.get(s))));
    notify(st, symbols);
  }
  return symbols;
}

/** Writes the candles and quote states gathered since the last flush. */
export function flush({ db }: Pick<EngineDeps, 'db'>, st: EngineState): Promise<void> {
  // Chained so flushes never overlap; a failed one must not stop the ones after it.
  st.flushing = st.flushing
    .catch(() => {})
    .then(async () => {
      const rows = [...st.pending.values()];
      st.pending.clear();
      const changed = [...st.unsaved].flatMap((s) => (st.states.has(s) ? [st.states.get(s)!] : []));
      st.unsaved.clear();
      if (rows.length) await upsertCandles(db, rows, 'merge');
      if (changed.length) await saveQuoteStates(db, changed);
    });
  return st.flushing;
}
