/**
 * The market engine: owns every instrument's live state, runs the feed during the NSE
 * session, rolls the trading day, computes the indices from their constituents, builds
 * candles and persists them with the quote state. One process leads (it steps the feed and
 * publishes each step's states on the bus); other processes follow the bus.
 */
import type { TQuote } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MarketCalendar } from './calendar.ts';
import { type RebaseMessage, REBASE_CHANNEL } from './engine-channels.ts';
import { follow, lead } from './engine-roles.ts';
import { rebase } from './engine-rebase.ts';
import {
  addInstrument,
  adoptCloses,
  createEngineState,
  type EngineDeps,
  type Listener,
  loadEngine,
} from './engine-state.ts';
import { flush, step } from './engine-step.ts';
import type { MarketFeed } from './feed.ts';
import { bandFor, type Instrument, toQuote } from './model.ts';

export {
  LISTED_CHANNEL,
  REBASE_CHANNEL,
  type RebaseMessage,
  STATES_CHANNEL,
  STATUS_CHANNEL,
} from './engine-channels.ts';

export function createMarketEngine(options: {
  db: Db;
  clock: Clock;
  calendar: MarketCalendar;
  feed: MarketFeed;
  bus: Bus;
  stepMs?: number;
  flushMs?: number;
  log?: (message: string, error?: unknown) => void;
}) {
  const deps: EngineDeps = {
    ...options,
    stepMs: options.stepMs ?? 500,
    flushMs: options.flushMs ?? 5_000,
  };
  const { clock, bus, feed } = deps;
  const st = createEngineState();

  return {
    load: () => loadEngine(deps, st),
    step: (now: Date = clock.now()) => step(deps, st, now),
    flush: () => flush(deps, st),
    add: (instrument: Instrument) => addInstrument(st, instrument),
    start: () => lead(deps, st),
    follow: () => follow(deps, st),
    /**
     * After a split's, consolidation's or bonus's commit (its stored rows re-based): the
     * leader, or an engine that neither leads nor follows, re-bases its live state at once; a
     * follower, or a process that does not lead (the operator CLI), tells the leader.
     */
    rebased(r: RebaseMessage) {
      if (!st.following) rebase(deps, st, r);
      if (!st.leading) bus.publish(REBASE_CHANNEL, JSON.stringify(r));
    },
    adoptCloses: (tradeDate: string, closes: Map<string, number>) =>
      adoptCloses(st, tradeDate, closes),
    async stop() {
      st.leading = false;
      st.stopRebases();
      st.timers.forEach(clearInterval);
      st.timers = [];
      await flush(deps, st);
    },
    onQuotes(listener: Listener) {
      st.listeners.add(listener);
      return () => void st.listeners.delete(listener);
    },
    instruments: () => st.instruments,
    instrument: (symbol: string) => st.bySymbol.get(symbol),
    constituentsOf: (indexSymbol: string) => st.constituents.get(indexSymbol) ?? [],
    state: (symbol: string) => st.states.get(symbol),
    quote(symbol: string): TQuote | undefined {
      const instrument = st.bySymbol.get(symbol);
      const state = st.states.get(symbol);
      return instrument && state
        ? toQuote(instrument, state, bandFor(instrument, state))
        : undefined;
    },
    feedKind: () => feed.kind,
  };
}

export type MarketEngine = ReturnType<typeof createMarketEngine>;
