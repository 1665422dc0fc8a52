import { md5, type TBankCard, type TFundRecord, type TReceipt } from '@sampada/shared';
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiGet, apiPost } from '../../../lib/api-client';
import { invalidateMoney, type TFundsPage } from '../../../lib/funds';
import { queryKeys, type TRecordsFilter } from '../../../lib/query-keys';

export const FUNDS_LIST_LIMIT = 20;

export const recordsQueryOptions = (filter: TRecordsFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.funds.records(filter),
    queryFn: ({ pageParam }) =>
      apiGet<TFundsPage<TFundRecord>>('/funds/app/v1/records', {
        params: { ...filter, cursor: pageParam, limit: FUNDS_LIST_LIMIT },
        silent: true,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const receiptQueryOptions = (postingId: string) =>
  queryOptions({
    queryKey: queryKeys.funds.receipt(postingId),
    queryFn: () =>
      apiGet<TReceipt>(`/funds/app/v1/records/${encodeURIComponent(postingId)}`, {
        silent: true,
      }),
  });

export interface TBankCardInput {
  holder_name: string;
  account_number: string;
  ifsc: string;
  bank_name?: string;
  pin: string;
}

export const addBankCard = (body: TBankCardInput) =>
  apiPost<TBankCard>('/funds/app/v1/bank-cards', { ...body, pin: md5(body.pin) }, { silent: true });

export const removeBankCard = ({ id, pin }: { id: string; pin: string }) =>
  apiPost<null>(
    `/funds/app/v1/bank-cards/${encodeURIComponent(id)}/remove`,
    { pin: md5(pin) },
    { silent: true },
  );

/** Adding or removing a bank account: on success every money view is stale. */
export const useAddBankCard = () =>
  useMutation({ mutationFn: addBankCard, onSuccess: () => void invalidateMoney() });
export const useRemoveBankCard = () =>
  useMutation({ mutationFn: removeBankCard, onSuccess: () => void invalidateMoney() });

const fileNameOf = (disposition: unknown, fallback: string) => {
  const match = /filename="?([^";]+)"?/.exec(typeof disposition === 'string' ? disposition : '');
  return match?.[1] ?? fallback;
};

export interface TStatementRequest {
  from: string;
  to: string;
  format: 'csv' | 'pdf';
}

/**
 * GET /funds/app/v1/statement with the bearer token (so not a plain link): fetched as a
 * blob and saved through an object URL.
 */
export async function downloadStatement({ from, to, format }: TStatementRequest) {
  const response = await api.get<Blob>('/funds/app/v1/statement', {
    params: { from, to, format },
    responseType: 'blob',
    silent: true,
    timeout: 60_000,
  });
  const name = fileNameOf(
    response.headers['content-disposition'],
    `statement-${from}-to-${to}.${format}`,
  );
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

/** A statement download; a failure is logged, and told by the screen. */
export const useDownloadStatement = () =>
  useMutation({
    mutationFn: downloadStatement,
    onError: (error) => console.error('Statement download failed', error),
  });
