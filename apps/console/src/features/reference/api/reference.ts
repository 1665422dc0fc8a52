import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The console's own OpenAPI document: plain JSON, not the envelope; any signed-in staff. */
export const apiReferenceQuery = queryOptions({
  queryKey: queryKeys.apiReference,
  queryFn: async () => (await http.get<object>('/reference/openapi.json')).data,
  staleTime: Infinity,
});

export const useApiReference = () => useQuery(apiReferenceQuery);
