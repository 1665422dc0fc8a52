import type { TKycRecord } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /identify/app/v1/detail: the client's own KYC record, or null when never submitted.
 * Errors are shown by the screens that read it.
 */
export const kycDetailQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.kycDetail,
    queryFn: () => apiGet<TKycRecord | null>('/identify/app/v1/detail', { silent: true }),
    staleTime: 60_000,
  });
