/**
 * Loans from quote to disbursal: the quote (the same schedule code the accrual posts with),
 * the application (PIN, pledge reserved in the application's transaction), the decisions
 * (maker-checker above the console's threshold), the client's cancel, disbursal through the
 * ledger (the firm's loans account to the client's cash, the fee and its GST itemised) and
 * write-off. Every move goes through applyLoanTransition. Each use case is its own file.
 */
import type { TLoanQuote, TLoanStatus, TResetPreference } from '@sampada/shared';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { TransactionRunner } from '../../platform/transaction.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { ClientRow } from '../clients/service.ts';
import { applyForLoan } from './apply-for-loan.ts';
import { approveLoan } from './approve-loan.ts';
import { cancelLoan } from './cancel-loan.ts';
import { disburseLoan } from './disburse-loan.ts';
import { assertBorrower, loanDecider } from './loan-access.ts';
import * as consoleRead from './loan-console-views.ts';
import type { DecideWith, LoanDeps, QuoteInput } from './loan-deps.ts';
import * as lists from './loan-lists.ts';
import { bucketCounts, loanQueue, type QueueFilter } from './loan-queue.ts';
import { loanPostings } from './loan-postings.ts';
import { loanDetail, loanOf, loanViews, pledgesOf } from './loan-reads.ts';
import { quoteChecked } from './quote-loan.ts';
import { rejectLoan } from './reject-loan.ts';
import { releasePledge } from './release-pledge.ts';
import { setResetPreference } from './reset-preference.ts';
import { debtOf, type LoanRow } from './views.ts';
import { writeOffLoan } from './write-off-loan.ts';

export type { LoanDeps as Deps, QuoteInput } from './loan-deps.ts';

type Apply = QuoteInput & { pin: string; kfs_id?: string | undefined };
type ApplyOptions = { actor: Actor; sessionId: string; transaction?: TransactionRunner };
type CancelOptions = { actor: Actor; transaction?: TransactionRunner };

export function createLoans(deps: LoanDeps) {
  return {
    assertBorrower,
    quoteChecked: (client: ClientRow, input: QuoteInput) => quoteChecked(deps, client, input),
    views: (list: LoanRow[], executor?: Executor) => loanViews(deps, list, executor),
    detail: (row: LoanRow, executor?: Executor) => loanDetail(deps, row, executor),
    loanOf: (loanId: string, clientId?: string, executor?: Executor) =>
      loanOf(deps, loanId, clientId, executor),
    releasePledge: (tx: Tx, row: LoanRow) => releasePledge(deps, tx, row),
    consoleViews: (list: LoanRow[], executor?: Executor) =>
      consoleRead.consoleViews(deps, list, executor),
    staffEmails: (list: LoanRow[], executor?: Executor) =>
      consoleRead.staffEmails(deps, list, executor),
    consoleExtras: consoleRead.consoleExtras,
    catalogue: (client: ClientRow) => lists.loanCatalogue(deps, client),
    setResetPreference: (
      clientId: string,
      loanId: string,
      choice: TResetPreference,
      actor: Actor,
    ) => setResetPreference(deps, clientId, loanId, choice, actor),
    async quote(client: ClientRow, input: QuoteInput): Promise<TLoanQuote> {
      assertBorrower(client);
      return (await quoteChecked(deps, client, input)).quote;
    },
    apply: (client: ClientRow, input: Apply, options: ApplyOptions) =>
      applyForLoan(deps, client, input, options),
    cancel: (clientId: string, loanId: string, options: CancelOptions) =>
      cancelLoan(deps, clientId, loanId, options),
    listOfClient: (clientId: string, status?: TLoanStatus) =>
      lists.loansOfClient(deps, clientId, status),
    ofClient: async (clientId: string, loanId: string) =>
      loanDetail(deps, await loanOf(deps, loanId, clientId)),
    balanceOf: (clientId: string) => lists.loanBalanceOf(deps, clientId),
    dueNowOf: (clientId: string, executor?: Executor) => lists.dueNowOf(deps, clientId, executor),
    queue: (viewer: Viewer | null, filter: QueueFilter) => loanQueue(deps, viewer, filter),
    /** The console's detail read in the caller's transaction (after a decision in it). */
    consoleDetailIn: async (loanId: string, executor: Executor) =>
      consoleRead.consoleDetailOf(deps, await loanOf(deps, loanId, undefined, executor), executor),
    async consoleDetail(viewer: Viewer | null, loanId: string) {
      const row = await loanOf(deps, loanId);
      await consoleRead.assertVisible(deps, viewer, row);
      return consoleRead.consoleDetailOf(deps, row);
    },
    hasLoansToShow: (clientId: string) => lists.hasLoansToShow(deps, clientId),
    /** A loan the viewer may read (404 unknown, 403 another advisor's client). */
    async visibleTo(viewer: Viewer | null, loanId: string) {
      const row = await loanOf(deps, loanId);
      await consoleRead.assertVisible(deps, viewer, row);
      return row;
    },
    bucketCounts: (viewer: Viewer | null) => bucketCounts(deps, viewer),
    /** The loan's ledger postings, newest first (the console's loan page). */
    postings: (
      viewer: Viewer | null,
      loanId: string,
      page: { cursor?: string | undefined; limit: number },
    ) => loanPostings(deps, viewer, loanId, page),
    countApplied: () => lists.countApplied(deps),
    approve: (loanId: string, options: DecideWith) => approveLoan(deps, loanId, options),
    reject: (loanId: string, options: DecideWith) => rejectLoan(deps, loanId, options),
    disburse: (loanId: string, options: DecideWith) => disburseLoan(deps, loanId, options),
    writeOff: (loanId: string, options: DecideWith) => writeOffLoan(deps, loanId, options),
    securedActive: (executor?: Executor) => lists.securedActive(deps, executor),
    pledgesOf,
    debtOf,
    /** Throws 403 unless the staff member may decide loans (operations, admin). */
    assertDecider: (staffId: string) => loanDecider(deps, staffId),
    /** The ids of an advisor's clients, read now. */
    clientIdsOfAdvisor: async (advisorId: string) =>
      (await deps.clients.idsOfAdvisor(advisorId)).map((r) => r.id),
  };
}
export type Loans = ReturnType<typeof createLoans>;
