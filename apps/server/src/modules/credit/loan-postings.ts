/**
 * A loan's ledger postings for the console's loan page: every posting that settles
 * `loan:<id>` (disbursal, daily interest, penal charges, repayments, waivers, write-off),
 * newest first with all their lines, read through the ledger service. The same visibility
 * as the loan page: an advisor reads only their own clients' loans.
 */
import type { TPage, TPostingView } from '@sampada/shared';
import { decodeCursor } from '../../platform/cursor.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { postingPage } from '../ledger/service.ts';
import { assertVisible } from './loan-console-views.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanOf } from './loan-reads.ts';

export async function loanPostings(
  deps: LoanDeps,
  viewer: Viewer | null,
  loanId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<TPage<TPostingView>> {
  const row = await loanOf(deps, loanId);
  await assertVisible(deps, viewer, row);
  const cursor = decodeCursor(page.cursor, 1);
  const postings = await deps.ledger.postingsOfReference(
    `loan:${row.id}`,
    cursor ? Number(cursor[0]) : undefined,
    page.limit,
  );
  return postingPage(postings, page.limit);
}
