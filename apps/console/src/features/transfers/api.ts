import type { TConsoleTransferIn, TTransferIn, TTransferInStatus } from '@sampada/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * Shares transferred in (docs/transfers-in.md, console): every request with its lots; operations
 * confirm one once the depository credit is seen, or reject it with the reason. A repeated
 * confirm changes nothing on the server, so no idempotency key.
 */
const BASE = '/transfers-in';

export type TTransferDecision = { action: 'confirm' } | { action: 'reject'; reason: string };
export type TTransferFilter = TTransferInStatus | 'all';

export const useTransfersIn = () =>
  useQuery({
    queryKey: queryKeys.portfolio.transfersIn,
    queryFn: () => apiGet<{ items: TConsoleTransferIn[] }>(BASE),
  });

/** The list is read again after each decision, so the queue shows what the server kept. */
export const useDecideTransferIn = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: TTransferDecision }) =>
      decision.action === 'confirm'
        ? apiPost<TTransferIn>(`${BASE}/${id}/confirm`)
        : apiPost<TTransferIn>(`${BASE}/${id}/reject`, { reason: decision.reason }),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.portfolio.transfersIn }),
  });
};
