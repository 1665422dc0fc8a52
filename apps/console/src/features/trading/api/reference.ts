import type { TInstrumentReference } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The instrument's live price and the ±3% OTC band around its reference price. */
export const referenceQuery = (symbol: string) =>
  queryOptions({
    queryKey: queryKeys.trading.reference(symbol),
    queryFn: () => apiGet<TInstrumentReference>(`/trading/reference/${encodeURIComponent(symbol)}`),
    staleTime: 5_000,
    retry: false,
  });

/** Read while `symbol` looks like one; refreshed every 15 s while the form is open. */
export const useReference = (symbol: string) =>
  useQuery({ ...referenceQuery(symbol), enabled: symbol.length >= 2, refetchInterval: 15_000 });
