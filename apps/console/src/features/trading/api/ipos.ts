import type { TAllotmentResult, TIpoCreate, TIpoIssue } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useTradingAction } from './trading-action';

export const iposQuery = () =>
  queryOptions({
    queryKey: queryKeys.trading.ipos('all'),
    queryFn: () => apiGet<TIpoIssue[]>('/trading/ipos', { status: 'all' }),
  });
export const useIpos = () => useQuery(iposQuery());

export const ipoQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.trading.ipo(id),
    queryFn: () => apiGet<TIpoIssue>(`/trading/ipos/${id}`),
  });
export const useIpo = (id: string) => useQuery(ipoQuery(id));

/** The recorded allotment run, once there is one. */
export const allotmentQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.trading.allotment(id),
    queryFn: () => apiGet<TAllotmentResult>(`/trading/ipos/${id}/allotment`),
  });
export const useAllotment = (id: string, enabled: boolean) =>
  useQuery({ ...allotmentQuery(id), enabled });

export const useCreateIpo = () =>
  useTradingAction<TIpoCreate, TIpoIssue>((input) => ({ url: '/trading/ipos', body: input }));

export const useCloseIpo = () =>
  useTradingAction<string, TIpoIssue | null>((id) => ({ url: `/trading/ipos/${id}/close` }));

export const useAllotIpo = () =>
  useTradingAction<{ id: string; seed?: string | undefined }, TAllotmentResult>(({ id, seed }) => ({
    url: `/trading/ipos/${id}/allot`,
    body: seed ? { seed } : {},
  }));

export const useListIpo = () =>
  useTradingAction<string, TIpoIssue>((id) => ({ url: `/trading/ipos/${id}/list` }));
