import type {
  TConsoleEngagement,
  TScore,
  TScoreAdjustmentRequest,
  TVipTier,
} from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /engagement/clients/:id: the client's level, score parts, history, achievements, radar. */
export const clientEngagementQuery = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.engagement.client(clientId),
    queryFn: () => apiGet<TConsoleEngagement>(`/engagement/clients/${clientId}`),
  });
export const useClientEngagement = (clientId: string) => useQuery(clientEngagementQuery(clientId));

/** POST /engagement/clients/:id/score-adjustments (the client's advisor, or admin). */
export function useAdjustScore(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TScoreAdjustmentRequest) =>
      apiPost<TScore>(`/engagement/clients/${clientId}/score-adjustments`, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.engagement.client(clientId) });
      void client.invalidateQueries({ queryKey: queryKeys.clients.detail(clientId) });
    },
  });
}

export const vipTiersQuery = () =>
  queryOptions({
    queryKey: queryKeys.engagement.tiers,
    queryFn: async () => (await apiGet<{ tiers: TVipTier[] }>('/engagement/tiers')).tiers,
  });
export const useVipTiers = () => useQuery(vipTiersQuery());

/** PUT /engagement/tiers (admin): all six at once; the server then recomputes every level. */
export function useSaveVipTiers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tiers: TVipTier[]) =>
      apiPut<{ tiers: TVipTier[] }>('/engagement/tiers', { tiers }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.engagement.all });
      void client.invalidateQueries({ queryKey: queryKeys.clients.all });
    },
  });
}
