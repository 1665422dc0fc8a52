import {
  md5,
  type TAssets,
  type TBankCard,
  type TDepositAccount,
  type TDepositMethod,
  type TDepositView,
  type TWithdrawalView,
} from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, apiUpload } from '../../../lib/api-client';
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

/** GET /stat/app/v1/asset (the same cache entry as Home's assets card). */
export const assetsQueryOptions = () =>
  queryOptions({
    queryKey: fundsKeys.assets,
    queryFn: () => apiGet<TAssets>('/stat/app/v1/asset', { silent: true }),
  });

export const depositAccountQueryOptions = () =>
  queryOptions({
    queryKey: fundsKeys.depositAccount,
    queryFn: () => apiGet<TDepositAccount>('/funds/app/v1/deposit-account', { silent: true }),
  });

export const bankCardsQueryOptions = () =>
  queryOptions({
    queryKey: fundsKeys.bankCards,
    queryFn: () => apiGet<TBankCard[]>('/funds/app/v1/bank-cards', { silent: true }),
  });

export const recentDepositsQueryOptions = () =>
  queryOptions({
    queryKey: fundsKeys.deposits,
    queryFn: () =>
      apiGet<TFundsPage<TDepositView>>('/funds/app/v1/deposits', {
        params: { limit: 5 },
        silent: true,
      }),
  });

export const recentWithdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: fundsKeys.withdrawals,
    queryFn: () =>
      apiGet<TFundsPage<TWithdrawalView>>('/funds/app/v1/withdrawals', {
        params: { limit: 5 },
        silent: true,
      }),
  });

/** Every view that shows money is stale after a money movement. */
export function invalidateMoney() {
  return Promise.all(
    [fundsKeys.assets, ['funds']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

const withKey = (idempotencyKey: string) => ({
  silent: true,
  headers: { 'Idempotency-Key': idempotencyKey },
});

export interface TDepositInput {
  amount: string | number;
  method: TDepositMethod;
  utr: string;
  receipt_url?: string;
}

/** POST /funds/app/v1/deposits with the attempt's Idempotency-Key. */
export const requestDeposit = (body: TDepositInput, idempotencyKey: string) =>
  apiPost<TDepositView>('/funds/app/v1/deposits', body, withKey(idempotencyKey));

export interface TWithdrawalInput {
  amount: string | number;
  bank_card_id: string;
  /** The 6 digits; sent as MD5. */
  pin: string;
}

export const requestWithdrawal = (body: TWithdrawalInput, idempotencyKey: string) =>
  apiPost<TWithdrawalView>(
    '/funds/app/v1/withdrawals',
    { ...body, pin: md5(body.pin) },
    withKey(idempotencyKey),
  );

/**
 * POST multipart /client/app/v1/image (like the KYC uploads): the receipt link, which must
 * start with http.
 */
export async function uploadReceipt(file: File): Promise<string> {
  const { url } = await apiUpload<{ url: string }>('/client/app/v1/image', file, file.name, {
    silent: true,
  });
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('No receipt link');
  return url;
}
