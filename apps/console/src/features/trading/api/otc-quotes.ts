import type { TOtcQuote, TOtcQuoteCreate } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TOfferingFilter } from './allocations';
import { useTradingAction } from './trading-action';

export const otcQuotesQuery = (status: TOfferingFilter) =>
  queryOptions({
    queryKey: queryKeys.trading.otcQuotes(status),
    queryFn: () => apiGet<TOtcQuote[]>('/trading/otc-quotes', { status }),
  });
export const useOtcQuotes = (status: TOfferingFilter) => useQuery(otcQuotesQuery(status));

export const useCreateOtcQuote = () =>
  useTradingAction<TOtcQuoteCreate, TOtcQuote>((input) => ({
    url: '/trading/otc-quotes',
    body: input,
  }));

export const useCloseOtcQuote = () =>
  useTradingAction<string, TOtcQuote>((id) => ({ url: `/trading/otc-quotes/${id}/close` }));
