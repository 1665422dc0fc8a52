import type {
  TConsoleClaim,
  TConsoleClaimDetail,
  TConsoleOffer,
  TConsoleOfferClaim,
  TOfferInput,
  TPage,
} from '@sampada/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost, apiPut, apiUpload, compact } from '../../lib/api-client';
import { useDecision } from '../../lib/keyed-action';
import { queryKeys } from '../../lib/query-keys';

export const CLAIM_FILTERS = [
  'open',
  'approved',
  'partly_approved',
  'paid',
  'rejected',
  'withdrawn',
  'all',
] as const;

/** The queue: open claims due first (so overdue ones lead); other statuses newest first. */
export const claimQueueQuery = (status: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.compensation.claims(status),
    queryFn: ({ pageParam }) =>
      apiGet<TPage<TConsoleClaim>>(
        '/compensation/claims',
        compact({ status, cursor: pageParam, limit: 50 }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
export const useClaimQueue = (status: string) => useInfiniteQuery(claimQueueQuery(status));

export const useClaim = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.compensation.claim(id),
      queryFn: () => apiGet<TConsoleClaimDetail>(`/compensation/claims/${id}`),
    }),
  );

export type TClaimDecision =
  | { action: 'review' }
  | { action: 'ask-info'; question: string }
  /** A partial approval's amount as rupee text (decision 062). */
  | { action: 'approve'; amount?: string; reason: string }
  | { action: 'reject'; reason: string }
  | { action: 'pay' };

/** A decision on a claim, one Idempotency-Key per attempt (the same decision retried reuses it). */
export const useDecideClaim = () =>
  useDecision<TClaimDecision, TConsoleClaimDetail>(
    (id) => `/compensation/claims/${id}`,
    [queryKeys.compensation.all],
  );

export const useOffers = () =>
  useQuery({
    queryKey: queryKeys.compensation.offers,
    queryFn: () => apiGet<TConsoleOffer[]>('/offers'),
  });

export const useOfferClaims = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.compensation.offerClaims(id ?? ''),
    queryFn: () => apiGet<TConsoleOfferClaim[]>(`/offers/${id}/claims`),
    enabled: id !== null,
  });

export function useSaveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TOfferInput }) =>
      id ? apiPut<TConsoleOffer>(`/offers/${id}`, input) : apiPost<TConsoleOffer>('/offers', input),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.compensation.offers }),
  });
}

/**
 * The offer's picture: upload (judged by content on the server, re-encoded as JPEG) or
 * remove; each leaves the offers list refetched so the cards show what the server kept.
 */
export function useOfferImage() {
  const client = useQueryClient();
  const onSettled = () =>
    void client.invalidateQueries({ queryKey: queryKeys.compensation.offers });
  return {
    upload: useMutation({
      mutationFn: ({ id, file }: { id: string; file: File }) =>
        apiUpload<TConsoleOffer>(`/offers/${id}/image`, file),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiPost<TConsoleOffer>(`/offers/${id}/image/remove`),
      onSettled,
    }),
  };
}
