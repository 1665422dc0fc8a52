import type { THeatmapSector } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Sector changes move slowly next to single quotes: the map is refreshed once a minute. */
const HEATMAP_REFRESH_MS = 60_000;

/** GET /market/app/v1/heatmap: sectors by market cap, each with its stocks. */
export const heatmapQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.market.heatmap,
    queryFn: () => apiGet<THeatmapSector[]>('/market/app/v1/heatmap', { silent: true }),
    refetchInterval: HEATMAP_REFRESH_MS,
  });
