import {
  md5,
  type TBankCard,
  type TFundRecord,
  type TReceipt,
  type TRecordType,
} from '@sampada/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, apiGet, apiPost } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** A page of a funds list (docs/api-funds.md "Lists"). */
export interface TFundsPage<T> {
  items: T[];
  next_cursor: string | null;
}

export const FUNDS_LIST_LIMIT = 20;

export const fundsKeys = {
  assets: ['stat', 'asset'] as const,
  depositAccount: ['funds', 'deposit-account'] as const,
  bankCards: ['funds', 'bank-cards'] as const,
  deposits: ['funds', 'deposits'] as const,
  withdrawals: ['funds', 'withdrawals'] as const,
  records: ['funds', 'records'] as const,
};

export const bankCardsQueryOptions = () =>
  queryOptions({
    queryKey: fundsKeys.bankCards,
    queryFn: () => apiGet<TBankCard[]>('/funds/app/v1/bank-cards', { silent: true }),
  });

export interface TRecordsFilter {
  type?: TRecordType;
  from?: string;
  to?: string;
}

export const recordsQueryOptions = (filter: TRecordsFilter) =>
  infiniteQueryOptions({
    queryKey: [...fundsKeys.records, filter],
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
    queryKey: [...fundsKeys.records, 'receipt', postingId],
    queryFn: () =>
      apiGet<TReceipt>(`/funds/app/v1/records/${encodeURIComponent(postingId)}`, {
        silent: true,
      }),
  });

/** Every view that shows money is stale after a money movement. */
export function invalidateMoney() {
  return Promise.all(
    [fundsKeys.assets, ['funds']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export interface TBankCardInput {
  holder_name: string;
  account_number: string;
  ifsc: string;
  bank_name?: string;
  pin: string;
}

export const addBankCard = (body: TBankCardInput) =>
  apiPost<TBankCard>('/funds/app/v1/bank-cards', { ...body, pin: md5(body.pin) }, { silent: true });

export const removeBankCard = (id: string, pin: string) =>
  apiPost<null>(
    `/funds/app/v1/bank-cards/${encodeURIComponent(id)}/remove`,
    { pin: md5(pin) },
    { silent: true },
  );

const fileNameOf = (disposition: unknown, fallback: string) => {
  const match = /filename="?([^";]+)"?/.exec(typeof disposition === 'string' ? disposition : '');
  return match?.[1] ?? fallback;
};

/**
 * GET /funds/app/v1/statement with the bearer token (so not a plain link): fetched as a
 * blob and saved through an object URL.
 */
export async function downloadStatement(from: string, to: string, format: 'csv' | 'pdf') {
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
