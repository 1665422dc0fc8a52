import type { TKeyFactStatement, TLoanQuoteRequest } from '@sampada/shared';
import { apiPost } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** POST /loan/app/v1/kfs: the quote as the key fact statement the client accepts by applying. */
export const issueKeyFacts = (body: TLoanQuoteRequest) =>
  apiPost<TKeyFactStatement>('/loan/app/v1/kfs', body, { silent: true });

/** GET /loan/app/v1/kfs/:id/pdf with the bearer token, saved as a file. */
export const downloadKeyFacts = (id: string) =>
  downloadFile(`/loan/app/v1/kfs/${encodeURIComponent(id)}/pdf`, `key-fact-statement-${id}.pdf`);

/** GET /loan/app/v1/loans/:id/no-dues/pdf (a closed loan's certificate), saved as a file. */
export const downloadNoDues = (loanId: string) =>
  downloadFile(
    `/loan/app/v1/loans/${encodeURIComponent(loanId)}/no-dues/pdf`,
    `no-dues-${loanId}.pdf`,
  );
