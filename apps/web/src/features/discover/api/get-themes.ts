import type { TTheme } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /market/app/v1/themes: curated themes with their constituents' quotes. */
export const themesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.market.themes,
    queryFn: () => apiGet<TTheme[]>('/market/app/v1/themes', { silent: true }),
  });
