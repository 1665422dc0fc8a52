import type { TTaxPnl } from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';

/** GET /trade/app/v1/tax-pnl: one financial year (null: the current one). */
export const taxPnlQueryOptions = (year: number | null) =>
  queryOptions({
    queryKey: queryKeys.trade.taxPnl(year),
    queryFn: () =>
      apiGet<TTaxPnl>('/trade/app/v1/tax-pnl', {
        params: year === null ? {} : { year },
        silent: true,
      }),
  });

/** GET /trade/app/v1/tax-pnl/file as CSV or PDF, saved under the server's name. */
export const downloadTaxPnl = (year: number, format: 'csv' | 'pdf') =>
  downloadFile(`/trade/app/v1/tax-pnl/file?year=${year}&format=${format}`, `tax-pnl.${format}`);

/** GET /trade/app/v1/holdings/export. */
export const downloadHoldings = () => downloadFile('/trade/app/v1/holdings/export', 'holdings.csv');
