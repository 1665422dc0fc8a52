import { GRIEVANCE_STATUSES, type TConsoleGrievance, type TGrievance } from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, compact } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Open complaints are the work (the default); then the resolved, then all. */
export const GRIEVANCE_FILTERS = [...GRIEVANCE_STATUSES, 'all'] as const;
export type TGrievanceFilter = (typeof GRIEVANCE_FILTERS)[number];

/** Complaints, open ones first by due date (overdue ones lead), as the server orders them. */
export const grievanceQueueQuery = (status: TGrievanceFilter) =>
  queryOptions({
    queryKey: queryKeys.duties.grievances(status),
    queryFn: () =>
      apiGet<TConsoleGrievance[]>(
        '/grievances',
        compact({ status: status === 'all' ? undefined : status }),
      ),
  });
export const useGrievanceQueue = (status: TGrievanceFilter) =>
  useQuery(grievanceQueueQuery(status));

/**
 * Resolves a complaint with what was done; the client is told by e-mail. A complaint resolves
 * once (the server refuses a second time), so a retry cannot resolve it twice: no key.
 */
export function useResolveGrievance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: string }) =>
      apiPost<TGrievance>(`/grievances/${id}/resolve`, { resolution }),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.duties.all }),
  });
}
