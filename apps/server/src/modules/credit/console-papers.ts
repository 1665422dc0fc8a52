/**
 * A loan's papers as staff read them (issue 33: the console's loan page shows the KFS): the
 * key fact statement the client accepted, the foreclosure statement while it is open and,
 * once closed, the no-dues letter — the same stored statement, the same figures and the same
 * letter the client reads, read-only, for whoever may read the loan (operations, admin, the
 * client's own advisor).
 */
import { LM, type TForeclosureStatement, type TKeyFactStatement } from '@sampada/shared';
import { notFound } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { Closure, NoDuesLetter } from './closure.ts';
import type { KeyFacts } from './key-facts.ts';
import type { Loans } from './loans.ts';

type Deps = { loans: Loans; keyFacts: KeyFacts; closure: Closure };

export function createConsolePapers({ loans, keyFacts, closure }: Deps) {
  return {
    /** The accepted KFS; 404 for a loan applied before statements existed. */
    async keyFacts(viewer: Viewer | null, loanId: string): Promise<TKeyFactStatement> {
      await loans.visibleTo(viewer, loanId);
      const statement = await keyFacts.ofLoan(loanId);
      if (!statement) throw notFound(LM.kfsNotFound);
      return statement;
    },

    /**
     * What closes a disbursed loan today (400 for any other status). The client's own
     * statement, so an officer on the phone quotes the figure the app shows: reading it
     * brings the accrual up to yesterday, as the client's read and the daily job would.
     */
    async foreclosure(viewer: Viewer | null, loanId: string): Promise<TForeclosureStatement> {
      const row = await loans.visibleTo(viewer, loanId);
      return closure.statement(row.clientId, loanId);
    },

    /** The no-dues letter of a closed loan (409 before closure). */
    async noDues(viewer: Viewer | null, loanId: string): Promise<NoDuesLetter> {
      const row = await loans.visibleTo(viewer, loanId);
      return closure.noDues(row.clientId, loanId);
    },
  };
}
export type ConsolePapers = ReturnType<typeof createConsolePapers>;
