import {
  md5,
  type TDepositAccount,
  type TDepositMethod,
  type TDepositView,
  type TWithdrawalView,
} from '@sampada/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, apiUpload } from '../../../lib/api-client';
import { invalidateMoney, type TFundsPage } from '../../../lib/funds';
import { queryKeys } from '../../../lib/query-keys';
import { useIdempotentMutation } from '../../../lib/use-idempotency-key';

export const depositAccountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.funds.depositAccount,
    queryFn: () => apiGet<TDepositAccount>('/funds/app/v1/deposit-account', { silent: true }),
  });

export const recentDepositsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.funds.deposits,
    queryFn: () =>
      apiGet<TFundsPage<TDepositView>>('/funds/app/v1/deposits', {
        params: { limit: 5 },
        silent: true,
      }),
  });

export const recentWithdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.funds.withdrawals,
    queryFn: () =>
      apiGet<TFundsPage<TWithdrawalView>>('/funds/app/v1/withdrawals', {
        params: { limit: 5 },
        silent: true,
      }),
  });

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

const logFailure = (what: string) => (error: Error) => console.error(`${what} failed`, error);

/** A deposit request; on success every money view is stale. */
export const useRequestDeposit = () =>
  useIdempotentMutation({
    send: requestDeposit,
    onSuccess: () => void invalidateMoney(),
    onError: logFailure('Deposit request'),
  });

/** A withdrawal request (the amount goes on hold); on success every money view is stale. */
export const useRequestWithdrawal = () =>
  useIdempotentMutation({
    send: requestWithdrawal,
    onSuccess: () => void invalidateMoney(),
    onError: logFailure('Withdrawal request'),
  });

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
