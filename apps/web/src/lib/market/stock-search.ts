import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  type TSearchItem,
  type TSearchResult,
} from '@sampada/shared';
import { useEffect, useState } from 'react';
import { isAbort, stockGet } from './stock-api';

/** GET /stock/api/v1/search/ (spec §7). */
export async function searchStocks(query: string, signal?: AbortSignal): Promise<TSearchItem[]> {
  const result = await stockGet<TSearchResult>('/search/', { params: { query }, signal });
  return result?.items ?? [];
}

export type TSearchStatus = 'idle' | 'loading' | 'done';

export interface TStockSearch {
  items: TSearchItem[];
  status: TSearchStatus;
}

const IDLE: TStockSearch = { items: [], status: 'idle' };

/**
 * The search rules of spec §4 and §9: nothing below the minimum length, a 400 ms debounce,
 * only the latest search counts (the one before is aborted as soon as the text changes),
 * clearing the text resets the results, and failures other than aborts are only logged.
 * 'loading' covers the debounce too, so the empty state never flashes while typing.
 */
export function useStockSearch(text: string): TStockSearch {
  const query = text.trim();
  const [state, setState] = useState<TStockSearch>(IDLE);
  const [prevQuery, setPrevQuery] = useState(query);

  if (query !== prevQuery) {
    setPrevQuery(query);
    setState(query.length < SEARCH_MIN_LENGTH ? IDLE : { items: [], status: 'loading' });
  }

  useEffect(() => {
    if (query.length < SEARCH_MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchStocks(query, controller.signal)
        .then((items) => {
          if (!controller.signal.aborted) setState({ items, status: 'done' });
        })
        .catch((error: unknown) => {
          if (isAbort(error) || controller.signal.aborted) return;
          console.error('Search failed', error);
          setState({ items: [], status: 'done' });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return state;
}
