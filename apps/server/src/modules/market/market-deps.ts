import type { TMarket, TMarketListItem } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MarketCalendar } from './calendar.ts';
import type { CompanyVideos } from './company-videos.ts';
import type { MarketEngine } from './engine.ts';
import type { Instrument } from './model.ts';
import type { ReferenceTheme } from './reference-data.ts';
import type { SearchIndex } from './search.ts';

/**
 * The trading desk's open OTC quotes and IPOs for the market filter. The trading module
 * implements it; the composition root (context.ts) hands it over when it builds this service.
 */
export type DealsSource = {
  otc(): Promise<TMarketListItem[]>;
  ipo(): Promise<TMarketListItem[]>;
};

export type SearchRow = { symbol: string; name: string; market: TMarket; weight: number };

/** The search index and the universe it was built from (see market-search.ts). */
export type SearchState = {
  index: { source: readonly Instrument[]; search: SearchIndex<SearchRow> } | null;
};

export type MarketDeps = {
  db: Db;
  clock: Clock;
  engine: MarketEngine;
  calendar: MarketCalendar;
  themes: ReferenceTheme[];
  deals: DealsSource;
  videos: CompanyVideos;
};
