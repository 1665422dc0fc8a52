import type { TCorporateAction, TCorporateActionInput } from '@sampada/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * Corporate actions (docs/api-portfolio.md, console): every one on record, newest ex-date
 * first; operations propose or import, a second officer approves or rejects. The server keeps
 * maker-checker; a retried decision meets the step already taken (409), so no idempotency key.
 */
const BASE = '/portfolio/corporate-actions';

export type TImported = {
  added: number;
  already: number;
  rejected: { line: number; symbol: string; reason: string }[];
};
export type TActionDecision = { action: 'approve' } | { action: 'reject'; reason: string };

export const useCorporateActions = () =>
  useQuery({
    queryKey: queryKeys.portfolio.corporateActions,
    queryFn: () => apiGet<{ items: TCorporateAction[] }>(BASE),
  });

/** Each change is followed by the list read again, so the table shows what the server kept. */
function useActionMutation<TVariables, TResult>(
  post: (variables: TVariables) => Promise<{ data: TResult; message: string }>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: post,
    onSettled: () =>
      void client.invalidateQueries({ queryKey: queryKeys.portfolio.corporateActions }),
  });
}

export const useProposeAction = () =>
  useActionMutation((input: TCorporateActionInput) =>
    apiPost<{ items: TCorporateAction[] }>(BASE, input),
  );

export const useImportActions = () =>
  useActionMutation((text: string) => apiPost<TImported>(`${BASE}/import`, { text }));

export const useDecideAction = () =>
  useActionMutation(({ id, decision }: { id: string; decision: TActionDecision }) =>
    decision.action === 'approve'
      ? apiPost<TCorporateAction>(`${BASE}/${id}/approve`)
      : apiPost<TCorporateAction>(`${BASE}/${id}/reject`, { reason: decision.reason }),
  );
