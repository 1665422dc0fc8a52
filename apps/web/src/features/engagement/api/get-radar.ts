import type { TRadar } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /stat/app/v1/radar: five scores from the client's holdings and trades. */
export const getRadar = () => apiGet<TRadar>('/stat/app/v1/radar', { silent: true });

export const radarQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stat.radar, queryFn: getRadar });
