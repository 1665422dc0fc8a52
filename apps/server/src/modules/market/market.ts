/**
 * Assembles the market module: calendar, feed, engine and the live-quote hub. The service that
 * answers the market APIs is made by `createService` once the trading desk's open deals can be
 * listed: the composition root (context.ts) builds trading on this market, then the service.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthService } from '../auth/service.ts';
import type { FileStore } from '../../platform/storage.ts';
import { createCalendar } from './calendar.ts';
import { createCompanyVideos } from './company-videos.ts';
import { createMarketEngine } from './engine.ts';
import type { MarketFeed } from './feed.ts';
import { backfillHistory } from './history.ts';
import { createLiveQuotes } from './live.ts';
import { importPrices } from './price-import.ts';
import { referenceData } from './reference-data.ts';
import { createReplayFeed } from './replay.ts';
import { createMarketService, type DealsSource } from './service.ts';
import { createSimulatedFeed } from './simulator.ts';
import { LISTED_CHANNEL } from './engine.ts';
import {
  insertListing,
  loadInstruments,
  type NewListing,
  upsertReferenceData,
} from './instruments.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { type Rebase, rebaseStored } from './rebase.ts';

export type { NewListing } from './instruments.ts';

export function createMarket(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  bus: Bus;
  auth: AuthService;
  files: FileStore;
  log?: (message: string, error?: unknown) => void;
}) {
  const { config, db, clock, bus } = deps;
  const ref = referenceData();
  const calendar = createCalendar(ref.holidays, { alwaysOpen: config.marketAlwaysOpen });
  const replay = config.marketFeed === 'replay' ? createReplayFeed(db) : null;
  const feed: MarketFeed = replay ?? createSimulatedFeed(config.marketSeed);
  const engine = createMarketEngine({ db, clock, calendar, feed, bus, log: deps.log });
  const live = createLiveQuotes({
    engine,
    auth: deps.auth,
    bus,
    heartbeatMs: config.wsHeartbeatMs,
  });
  const videos = createCompanyVideos({ db, clock, files: deps.files, engine });
  let initialised: Promise<void> | null = null;
  async function addFromDb(symbol: string) {
    const instrument = (await loadInstruments(db)).find((i) => i.symbol === symbol);
    if (instrument) engine.add(instrument);
  }

  return {
    calendar,
    engine,
    live,
    videos,
    /** The market APIs' service, listing the deals `deals` reports among OTC and IPO items. */
    createService: (deals: DealsSource) =>
      createMarketService({ db, clock, engine, calendar, themes: ref.themes, deals, videos }),
    /** Reference data in, engine state loaded: once per process, safe at every start. */
    init() {
      initialised ??= (async () => {
        await upsertReferenceData(db, ref);
        await replay?.load();
        await engine.load();
      })();
      return initialised;
    },
    /** Writes a new listing in the caller's transaction; `addListed` after it commits. */
    listInstrument: (tx: Executor, listing: NewListing) => insertListing(tx, listing),
    /** Another instance listed a stock: this one's engine and search learn it too. */
    watchListings: () =>
      bus.subscribe(LISTED_CHANNEL, (symbol) => {
        addFromDb(symbol).catch((error) => deps.log?.('listing failed to load', error));
      }),
    /** The committed listing joins this engine, and every follower's. */
    async addListed(symbol: string) {
      await addFromDb(symbol);
      bus.publish(LISTED_CHANNEL, symbol);
    },
    /**
     * A split, consolidation or bonus of `r.symbol`, in the transaction applying it: stored
     * candles before the ex-date, the saved quote and index base prices now; the engines'
     * live state once it commits (the leader's, published to the followers).
     */
    async rebase(tx: Tx, r: Rebase, exDayStart: Date) {
      await rebaseStored(tx, r, exDayStart);
      afterCommit(tx, () => engine.rebased({ ...r, before: exDayStart }));
    },
    /** A year of history on a fresh install, so charts and 52-week ranges have something. */
    backfill: () => backfillHistory({ db, clock, engine, calendar, seed: config.marketSeed }),
    importPrices: (fileName: string, text: string, actor: Actor) =>
      importPrices(db, engine, fileName, text, actor),
  };
}

export type Market = ReturnType<typeof createMarket>;
