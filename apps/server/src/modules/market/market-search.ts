import type { TSearchItem } from '@sampada/shared';
import type { MarketEngine } from './engine.ts';
import type { SearchState } from './market-deps.ts';
import { createSearchIndex } from './search.ts';
import { paiseToRupees } from './ticks.ts';

/**
 * Built once per loaded universe and rebuilt on the first search after it changes (a new
 * listing gives the engine a new instrument array, here or through the bus on followers).
 * Ties go to indices, then the largest companies.
 */
function searchIndex(engine: MarketEngine, state: SearchState) {
  const source = engine.instruments();
  if (state.index?.source !== source) {
    state.index = {
      source,
      search: createSearchIndex(
        source.map((i) => ({
          symbol: i.symbol,
          name: i.name,
          market: i.market,
          weight:
            i.market === 'INDEX'
              ? Number.MAX_SAFE_INTEGER
              : (i.sharesOutstanding ?? 0) * i.refClosePaise,
        })),
      ),
    };
  }
  return state.index.search;
}

export function searchMarket(
  engine: MarketEngine,
  state: SearchState,
  text: string,
  limit: number,
): TSearchItem[] {
  return searchIndex(engine, state)
    .search(text, limit)
    .map((i) => ({
      symbol: i.symbol,
      market: i.market,
      name: i.name,
      // The last price alone (a quote's price): a whole quote per hit cost as much as the search.
      price: paiseToRupees(engine.state(i.symbol)!.last),
    }));
}
