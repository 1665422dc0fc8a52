import type { TNominees } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A client's nominees or opt-out, ID numbers masked by the server (area `clients`). */
export const clientNomineesQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.clients.nominees(id),
    queryFn: () => apiGet<TNominees>(`/clients/${id}/nominees`),
  });

export const useClientNominees = (id: string) => useQuery(clientNomineesQuery(id));
