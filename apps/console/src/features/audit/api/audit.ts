import type { TAuditEntry, TAuditQuery, TPage } from '@sampada/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet, compact } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TAuditFilters = Pick<TAuditQuery, 'actor' | 'action' | 'subject' | 'from' | 'to'>;

export const auditQuery = (filters: TAuditFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.audit(filters),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TAuditEntry>>('/audit', compact({ ...filters, cursor: pageParam, limit: 50 })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useAudit = (filters: TAuditFilters) => useInfiniteQuery(auditQuery(filters));
