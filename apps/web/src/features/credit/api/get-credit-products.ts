import type { TCreditProducts } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /loan/app/v1/products: active products and the holdings that could be pledged. */
export const getCreditProducts = () => apiGet<TCreditProducts>('/loan/app/v1/products');

export const creditProductsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.loan.products, queryFn: getCreditProducts });
