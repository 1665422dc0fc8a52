import type { TQuote } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys, type TMostActiveBy } from '../../../lib/query-keys';

/** GET /market/app/v1/most_active: by traded volume (shares) or value (rupees). */
export const mostActiveQueryOptions = (by: TMostActiveBy, limit: number) =>
  queryOptions({
    queryKey: queryKeys.market.mostActive(by, limit),
    queryFn: () =>
      apiGet<TQuote[]>('/market/app/v1/most_active', { params: { by, limit }, silent: true }),
  });
