import type { TVip } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /stat/app/v1/vip: the VIP level, the 30-day average and the tiers. */
export const getVip = () => apiGet<TVip>('/stat/app/v1/vip', { silent: true });

export const vipQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stat.vip, queryFn: getVip });
