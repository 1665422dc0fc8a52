import type { TScore } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /stat/app/v1/score: the trust score, its parts and its history. */
export const getScore = () => apiGet<TScore>('/stat/app/v1/score', { silent: true });

export const scoreQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stat.score, queryFn: getScore });
