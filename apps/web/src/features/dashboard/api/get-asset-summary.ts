import { queryOptions } from '@tanstack/react-query';
import { apiGet, isApiError } from '../../../lib/api-client';

/**
 * What Home reads from GET /stat/app/v1/asset (`TAssets`): amounts in paise, as every
 * amount of the client's arrives (docs/decisions/011). A field that is missing or null
 * shows as a dash; nothing is ever made up.
 */
export interface TAssetSummary {
  total_paise?: number | null;
  cash_available_paise?: number | null;
  cash_on_hold_paise?: number | null;
  holdings_value_paise?: number | null;
  unrealised_pnl_paise?: number | null;
}

/** The summary, or null while the server does not have the call yet (404). */
export const assetSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['stat', 'asset'],
    queryFn: async (): Promise<TAssetSummary | null> => {
      try {
        return await apiGet<TAssetSummary>('/stat/app/v1/asset', { silent: true });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
