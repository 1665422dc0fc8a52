import type {
  TBenchmark,
  TBenchmarkInput,
  TCreditProduct,
  TCreditProductInput,
  TCreditSettings,
} from '@sampada/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const productsQuery = () =>
  queryOptions({
    queryKey: queryKeys.credit.products,
    queryFn: () => apiGet<TCreditProduct[]>('/credit/products'),
  });
export const useCreditProducts = () => useQuery(productsQuery());

export const creditSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.credit.settings,
    queryFn: () => apiGet<TCreditSettings>('/credit/settings'),
  });
export const useCreditSettings = () => useQuery(creditSettingsQuery());

/** Creates a product (no id) or saves one (admin). */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TCreditProductInput }) =>
      id
        ? apiPut<TCreditProduct>(`/credit/products/${id}`, input)
        : apiPost<TCreditProduct>('/credit/products', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.credit.products }),
  });
}

/** The lending benchmark of floating rates: staff read it, admins set it from a day on. */
export const benchmarkQuery = () =>
  queryOptions({
    queryKey: queryKeys.credit.benchmark,
    queryFn: () => apiGet<TBenchmark>('/credit/benchmark'),
  });
export const useBenchmark = () => useQuery(benchmarkQuery());

export function useSetBenchmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TBenchmarkInput) => apiPost<TBenchmark>('/credit/benchmark', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.credit.benchmark }),
  });
}

export function useSaveCreditSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreditSettings) => apiPut<TCreditSettings>('/credit/settings', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.credit.settings }),
  });
}
