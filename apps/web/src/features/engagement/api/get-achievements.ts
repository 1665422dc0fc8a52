import type { TAchievements } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /stat/app/v1/achievements: earned and locked achievements with progress. */
export const getAchievements = () =>
  apiGet<TAchievements>('/stat/app/v1/achievements', { silent: true });

export const achievementsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stat.achievements, queryFn: getAchievements });
