import { queryOptions } from '@tanstack/react-query';
import { apiGet, isApiError } from '../../../lib/api-client';

/**
 * What Home expects from GET /stat/app/v1/asset, which arrives with the money release:
 * rupee amounts with 2 decimals, like every price the API sends. A field that is missing
 * shows as a dash; nothing is ever made up.
 */
export interface TAssetSummary {
  total_assets?: number | null;
  cash_available?: number | null;
  cash_on_hold?: number | null;
  holdings_value?: number | null;
  unrealised_pnl?: number | null;
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
