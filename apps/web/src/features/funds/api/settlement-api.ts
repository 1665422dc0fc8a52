import type {
  TMoneyBreakdown,
  TRetentionStatements,
  TSettlementCycle,
  TSettlementPreference,
} from '@sampada/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiGet, type TEnvelope } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** Running-account settlement (decision 045): the client's cycle and retention statements. */
export const settlementKeys = {
  preference: ['settlement', 'preference'] as const,
  statements: ['settlement', 'statements'] as const,
};

export const settlementPreferenceQueryOptions = () =>
  queryOptions({
    queryKey: settlementKeys.preference,
    queryFn: () =>
      apiGet<TSettlementPreference>('/funds/app/v1/settlement/preference', { silent: true }),
  });

export const retentionStatementsQueryOptions = () =>
  queryOptions({
    queryKey: settlementKeys.statements,
    queryFn: () =>
      apiGet<TRetentionStatements>('/funds/app/v1/settlement/statements', { silent: true }),
  });

/** Where is my money: the balance in parts that add up, and what a settlement would pay now. */
export const moneyBreakdownQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.funds.moneyBreakdown,
    queryFn: () => apiGet<TMoneyBreakdown>('/funds/app/v1/money-breakdown', { silent: true }),
  });

export const useSetSettlementCycle = () =>
  useMutation({
    mutationFn: async (cycle: TSettlementCycle) => {
      const response = await api.put<TEnvelope<TSettlementPreference>>(
        '/funds/app/v1/settlement/preference',
        { cycle },
        { silent: true },
      );
      return response.data.data;
    },
    onSuccess: (data) => {
      queryClient.setQueryData(settlementKeys.preference, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.funds.moneyBreakdown });
    },
  });
