/**
 * The engine's state, held in one object the engine's steps share: the universe, each
 * instrument's live quote state, the candles and states not yet written, and who listens.
 */
import { daysInMs, type TMarketSession } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MarketCalendar } from './calendar.ts';
import { type CandleRow, dailyExtremes } from './candles.ts';
import type { MarketFeed } from './feed.ts';
import type { Constituent } from './indices.ts';
import { loadConstituents, loadInstruments } from './instruments.ts';
import type { Instrument, QuoteState } from './model.ts';
import { loadQuoteStates } from './quote-state.ts';

const YEAR_MS = daysInMs(365);

export type Listener = (symbols: string[]) => void;

export type EngineDeps = {
  db: Db;
  clock: Clock;
  calendar: MarketCalendar;
  feed: MarketFeed;
  bus: Bus;
  stepMs: number;
  flushMs: number;
  log?: ((message: string, error?: unknown) => void) | undefined;
};

export type EngineState = {
  instruments: Instrument[];
  bySymbol: Map<string, Instrument>;
  constituents: Map<string, Constituent[]>;
  states: Map<string, QuoteState>;
  pending: Map<string, CandleRow>;
  unsaved: Set<string>;
  listeners: Set<Listener>;
  lastSession: TMarketSession | null;
  timers: NodeJS.Timeout[];
  flushing: Promise<void>;
  // The leader owns prices; a follower mirrors them; neither (a test, the CLI) owns its own.
  leading: boolean;
  following: boolean;
  stopRebases: () => void;
};

export const createEngineState = (): EngineState => ({
  instruments: [],
  bySymbol: new Map(),
  constituents: new Map(),
  states: new Map(),
  pending: new Map(),
  unsaved: new Set(),
  listeners: new Set(),
  lastSession: null,
  timers: [],
  flushing: Promise.resolve(),
  leading: false,
  following: false,
  stopRebases: () => {},
});

export function freshState(instrument: Instrument): QuoteState {
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

type StoredState = Awaited<ReturnType<typeof loadQuoteStates>>[number];

const stateOf = (row: StoredState): QuoteState => ({
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
});

/** The universe and its stored states, each with the year's range from the daily candles. */
export async function loadEngine({ db, clock }: Pick<EngineDeps, 'db' | 'clock'>, st: EngineState) {
  st.instruments = await loadInstruments(db);
  st.bySymbol.clear();
  for (const i of st.instruments) st.bySymbol.set(i.symbol, i);
  st.constituents = await loadConstituents(db);
  const stored = new Map((await loadQuoteStates(db)).map((r) => [r.symbol, r]));
  const extremes = new Map(
    (await dailyExtremes(db, new Date(clock.now().getTime() - YEAR_MS))).map((r) => [r.symbol, r]),
  );
  st.states.clear();
  for (const instrument of st.instruments) {
    const row = stored.get(instrument.symbol);
    const state: QuoteState = row ? stateOf(row) : freshState(instrument);
    const range = extremes.get(instrument.symbol);
    if (range?.high != null) state.week52High = Math.max(state.week52High, range.high);
    if (range?.low != null) state.week52Low = Math.min(state.week52Low, range.low);
    st.states.set(instrument.symbol, state);
  }
}

/**
 * A newly listed stock joins the running market at its reference close (an IPO's issue
 * price); a new array, so that anything prepared from the old universe is rebuilt.
 */
export function addInstrument(st: EngineState, instrument: Instrument) {
  if (st.bySymbol.has(instrument.symbol)) return;
  st.instruments = [...st.instruments, instrument].sort((a, b) => a.symbol.localeCompare(b.symbol));
  st.bySymbol.set(instrument.symbol, instrument);
  st.states.set(instrument.symbol, freshState(instrument));
  st.unsaved.add(instrument.symbol);
}

/**
 * Imported official closes for `tradeDate` become the last price of instruments whose state
 * is not past that date, so the next session opens from them.
 */
export function adoptCloses(st: EngineState, tradeDate: string, closes: Map<string, number>) {
  for (const [symbol, close] of closes) {
    const state = st.states.get(symbol);
    if (!state || state.tradingDate > tradeDate) continue;
    state.last = close;
    st.unsaved.add(symbol);
  }
}

export function notify(st: EngineState, symbols: string[]) {
  for (const listener of st.listeners) listener(symbols);
}
