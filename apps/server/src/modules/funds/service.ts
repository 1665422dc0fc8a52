/**
 * Funds: bank cards, deposits, withdrawals, fund records and the console's views of them.
 * Money moves only through the ledger service, in the transaction that changes the status.
 */
import type { TClientLedger, TReconciliation } from '@sampada/shared';
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { UploadService } from '../uploads/service.ts';
import { createFundsAccess } from './access.ts';
import { createBankCardService } from './bank-cards.ts';
import { clientLedger } from './client-ledger.ts';
import { createDepositService } from './deposits.ts';
import { deposits as depositsTable } from './tables.ts';
import { reconciliation } from './reconciliation.ts';
import { createRecordService, type HoldingsValuer, type LoanBalance } from './records.ts';
import { createWithdrawalService, type WithdrawalLimit } from './withdrawals.ts';

type Deps = {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  clients: ClientService;
  ledger: LedgerService;
  settings: SettingsService;
  uploads: UploadService;
  /** Who decided, for the console's views. */
  staff: Pick<StaffService, 'namesOf'>;
  /** Where deposits' and withdrawals' steps are announced once committed. */
  events?: TransitionEvents | undefined;
  /** The trading module's valuation of a client's holdings (wired in context.ts). */
  holdings: HoldingsValuer;
  /** The credit module's balance of a client's loans (wired in context.ts). */
  loans: LoanBalance;
  /** The client's daily withdrawal limit, null for none (engagement's VIP tier, context.ts). */
  withdrawalLimit?: WithdrawalLimit | undefined;
};

export function createFundsService(deps: Deps) {
  const { db, clock, clients, ledger } = deps;
  const access = createFundsAccess(clients);
  const people = { clients, staff: deps.staff };
  const bankCards = createBankCardService({ ...deps, access });
  const deposits = createDepositService({ ...deps, access, people });
  const withdrawals = createWithdrawalService({ ...deps, access, bankCards, people });
  const records = createRecordService({
    db,
    ledger,
    clients,
    deposits,
    withdrawals,
    holdings: deps.holdings,
    loans: deps.loans,
  });

  return {
    bankCards,
    deposits,
    withdrawals,
    records,

    /**
     * The console's view of one client's ledger: balances and postings, newest first; 403
     * for a client the viewer may not see.
     */
    clientLedger: (
      viewer: Viewer,
      clientId: string,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<TClientLedger> => clientLedger({ clients, ledger }, viewer, clientId, page),

    /** The ledger check with the firm's balances and what clients hold. */
    reconciliation: (): Promise<TReconciliation> => reconciliation({ clock, ledger }),

    /** Confirmed and rejected deposits, for engagement's score and achievements. */
    /** Several clients' confirmed and rejected deposits, in one statement: client → counts. */
    async depositRecordsOf(clientIds: readonly string[]) {
      const rows = await db
        .select({ clientId: depositsTable.clientId, status: depositsTable.status, n: count() })
        .from(depositsTable)
        .where(inArray(depositsTable.clientId, [...clientIds]))
        .groupBy(depositsTable.clientId, depositsTable.status);
      const records = new Map(clientIds.map((id) => [id, { confirmed: 0, rejected: 0 }]));
      for (const row of rows) {
        const record = records.get(row.clientId);
        if (record && row.status === 'confirmed') record.confirmed = row.n;
        if (record && row.status === 'rejected') record.rejected = row.n;
      }
      return records;
    },

    countPendingDeposits: deposits.countPending,
    countPendingWithdrawals: withdrawals.countPending,
  };
}
export type FundsService = ReturnType<typeof createFundsService>;

/** The statement's files and parts, for the module that puts it together and mails it (statements). */
export {
  statementCsv,
  statementFileName,
  statementPdf,
  type StatementData,
  type StatementTrade,
} from './statement.ts';
