import type { TForeclosureStatement, TKeyFactStatement } from '@sampada/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';

/** GET /credit/loans/:id/kfs: the key fact statement the client accepted, read-only. */
export const loanKeyFactsQuery = (loanId: string) =>
  queryOptions({
    queryKey: queryKeys.credit.keyFacts(loanId),
    queryFn: () => apiGet<TKeyFactStatement>(`/credit/loans/${loanId}/kfs`),
  });
export const useLoanKeyFacts = (loanId: string, enabled: boolean) =>
  useQuery({ ...loanKeyFactsQuery(loanId), enabled });

/** GET /credit/loans/:id/foreclosure: what closes an open loan today, as the client's app shows it. */
export const loanForeclosureQuery = (loanId: string) =>
  queryOptions({
    queryKey: queryKeys.credit.foreclosure(loanId),
    queryFn: () => apiGet<TForeclosureStatement>(`/credit/loans/${loanId}/foreclosure`),
  });
export const useLoanForeclosure = (loanId: string, enabled: boolean) =>
  useQuery({ ...loanForeclosureQuery(loanId), enabled });

export const downloadLoanKeyFacts = (loanId: string) =>
  downloadFile(`/credit/loans/${loanId}/kfs/pdf`, `key-fact-statement-${loanId}.pdf`);

export const downloadNoDues = (loanId: string) =>
  downloadFile(`/credit/loans/${loanId}/no-dues/pdf`, `no-dues-${loanId}.pdf`);
