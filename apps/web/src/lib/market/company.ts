import type { TCompany, TMarket } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { stockGet } from './stock-api';
import { queryKeys } from '../query-keys';

/** GET /stock/api/v1/company: the company introduction (spec §7). */
export const companyQueryOptions = (symbol: string, market: TMarket = 'NSE') =>
  queryOptions({
    queryKey: queryKeys.stock.company(market, symbol),
    queryFn: () => stockGet<TCompany>('/company', { params: { market, s: symbol } }),
    staleTime: 60 * 60_000,
  });
