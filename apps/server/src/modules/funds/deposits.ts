/**
 * Deposits: the client transfers money to the firm's account and tells us the UTR; operations
 * confirm (the ledger credits bank_clearing → cash_available) or reject it with a reason, and
 * the client may cancel while it is pending. Transitions are data; `move` applies one, with
 * its posting and audit row, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEPOSIT_METHODS,
  FM,
  MIN_DEPOSIT_PAISE,
  paiseNumber,
  type TBankStatementResult,
  type TConsoleDeposit,
  type TDepositAccount,
  type TDepositMethod,
  type TDepositStatus,
  type TDepositView,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import {
  applyTransition,
  applyTransitions,
  lifecycle,
  type Transition,
  type TransitionEvents,
} from '../../platform/transitions.ts';
import {
  clientAccount,
  firmAccount,
  type LedgerService,
  transferPosting,
} from '../ledger/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UploadService } from '../uploads/service.ts';
import type { FundsAccess } from './access.ts';
import { matchStatement, mismatchMessage, type StatementLine } from './bank-statement.ts';
import { countByStatus, type ListFilter, listWhere, orderOf } from './listing.ts';
import { type FundsPeople, withPeople } from './people.ts';
import { deposits } from './tables.ts';
import { consoleDepositView, depositView } from './views.ts';

export type DepositRow = typeof deposits.$inferSelect;

/** One row more than `limit` when another page exists. */
export function listDeposits(db: Executor, filter: ListFilter) {
  return db
    .select({ row: deposits, cursorAt: sql<string>`${deposits.createdAt}::text` })
    .from(deposits)
    .where(and(...listWhere(deposits, filter)))
    .orderBy(...orderOf(deposits, filter.order))
    .limit(filter.limit + 1);
}

export async function depositById(db: Executor, id: string) {
  const [row] = await listDeposits(db, { id, order: 'newest', limit: 1 });
  return row;
}

/**
 * The deposits a statement's UTRs name that could matter to it (pending or confirmed), locked
 * in id order: the statement decides on them and moves them before anyone else can.
 */
function depositsWithUtrsLocked(tx: Tx, utrs: string[]) {
  return tx
    .select()
    .from(deposits)
    .where(and(inArray(deposits.utr, utrs), inArray(deposits.status, ['pending', 'confirmed'])))
    .orderBy(deposits.id)
    .for('update');
}

/** Deposits that already carry this UTR and count against a new one. */
export function depositsWithUtr(db: Executor, utr: string) {
  return db
    .select({ clientId: deposits.clientId, status: deposits.status })
    .from(deposits)
    .where(and(eq(deposits.utr, utr), inArray(deposits.status, ['pending', 'confirmed'])));
}

export type DepositAction = 'confirm' | 'reject' | 'cancel';

/** Who may take each step from which status; confirm is the only one that moves money. */
export const DEPOSIT_TRANSITIONS: Record<
  DepositAction,
  Transition<TDepositStatus> & { by: 'staff' | 'client'; credits: boolean }
> = {
  confirm: { from: ['pending'], to: 'confirmed', by: 'staff', credits: true },
  reject: { from: ['pending'], to: 'rejected', by: 'staff', credits: false },
  cancel: { from: ['pending'], to: 'cancelled', by: 'client', credits: false },
};

const DEPOSIT = lifecycle({
  name: 'deposit',
  subject: 'deposit',
  table: deposits,
  state: { field: 'status' },
  transitions: DEPOSIT_TRANSITIONS,
  refuse: (_action, current: TDepositStatus | null) =>
    current === null
      ? notFound(FM.depositNotFound)
      : conflict(FM.alreadyDecided('deposit', current)),
  notice: (row) => ({ type: 'amount', amount_paise: paiseNumber(row.amount), reason: row.reason }),
});

export type DepositInput = {
  amount: bigint;
  method: TDepositMethod;
  utr: string;
  receipt_url?: string | undefined;
};

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  uploads: UploadService;
  access: FundsAccess;
  events?: TransitionEvents | undefined;
  people: FundsPeople;
};

export function createDepositService(deps: Deps) {
  const { db, clock, ledger, settings, uploads, access, events, people } = deps;
  const creditOf = (row: DepositRow) => ({
    kind: 'deposit',
    clientId: row.clientId,
    memo: `Deposit via ${row.method}, UTR ${row.utr}`,
    reference: `deposit:${row.id}`,
    idempotencyKey: `deposit:${row.id}`,
    from: firmAccount('bank_clearing'),
    to: clientAccount(row.clientId, 'cash_available'),
    amount: row.amount,
  });
  const receiptUrl = (baseUrl: string, row: DepositRow) =>
    row.receiptUploadId ? uploads.signedUrl(baseUrl, row.receiptUploadId) : null;

  async function depositAccount(): Promise<TDepositAccount> {
    const bank = (await settings.all()).deposit_bank;
    return {
      configured: Boolean((bank.account_number && bank.ifsc) || bank.upi_id),
      ...bank,
      methods: [...DEPOSIT_METHODS],
      min_deposit_paise: paiseNumber(MIN_DEPOSIT_PAISE),
    };
  }

  /**
   * Takes one step if the deposit is where the step starts (a guarded UPDATE, so of two
   * concurrent confirmations exactly one finds it pending); credits on confirm.
   */
  async function move(
    tx: Tx,
    depositId: string,
    action: DepositAction,
    who: { clientId?: string; staffId?: string },
    actor: Actor,
    reason: string | null = null,
  ): Promise<DepositRow> {
    try {
      const credits = DEPOSIT_TRANSITIONS[action].credits;
      return await applyTransition(tx, DEPOSIT, action, {
        id: depositId,
        at: clock.now(),
        where: who.clientId ? eq(deposits.clientId, who.clientId) : undefined,
        set: {
          reason,
          decidedAt: clock.now(),
          decidedByStaffId: who.staffId ?? null,
          // The credit's id is drawn by the step's own UPDATE (no second write of the row).
          ...(credits ? { postingId: ledger.nextPostingId() } : {}),
        },
        async effect(row) {
          if (credits) await ledger.postAs(tx, transferPosting(creditOf(row)), row.postingId!);
        },
        audit: {
          actor,
          details: (row) => ({
            clientId: row.clientId,
            amountPaise: row.amount.toString(),
            utr: row.utr,
            ...(reason ? { reason } : {}),
            ...(row.postingId ? { postingId: row.postingId } : {}),
          }),
        },
        events,
      });
    } catch (error) {
      // Another deposit with this UTR was confirmed first.
      if (isUniqueViolation(error, 'deposits_utr_confirmed_once'))
        throw conflict(FM.utrAlreadyCredited);
      throw error;
    }
  }

  return {
    depositAccount,

    async request(
      clientId: string,
      input: DepositInput,
      options: { baseUrl: string; actor: Actor; transaction?: TransactionRunner },
    ): Promise<TDepositView> {
      if (!(await depositAccount()).configured) throw badRequest(FM.depositAccountMissing);
      await access.approvedClient(clientId);
      const receipt = input.receipt_url
        ? await uploads.ownedUploadFromUrl(clientId, input.receipt_url)
        : null;
      if (input.receipt_url && !receipt) throw badRequest(FM.receiptNotYours);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const seen = await depositsWithUtr(tx, input.utr);
        if (seen.some((d) => d.status === 'confirmed')) throw badRequest(FM.utrAlreadyCredited);
        if (seen.some((d) => d.clientId === clientId)) throw badRequest(FM.utrAlreadySubmitted);
        let row: DepositRow | undefined;
        try {
          [row] = await tx
            .insert(deposits)
            .values({
              id: randomUUID(),
              clientId,
              amount: input.amount,
              method: input.method,
              utr: input.utr,
              receiptUploadId: receipt?.id ?? null,
              createdAt: clock.now(),
            })
            .returning();
        } catch (error) {
          if (isUniqueViolation(error)) throw badRequest(FM.utrAlreadySubmitted);
          throw error;
        }
        await recordAudit(tx, options.actor, {
          action: 'deposit.request',
          subjectType: 'deposit',
          subjectId: row!.id,
          after: {
            clientId,
            amountPaise: input.amount.toString(),
            method: input.method,
            utr: input.utr,
          },
        });
        return depositView(row!, receiptUrl(options.baseUrl, row!));
      });
    },

    async cancel(
      clientId: string,
      depositId: string,
      options: { baseUrl: string; actor: Actor; transaction?: TransactionRunner },
    ): Promise<TDepositView> {
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const row = await move(tx, depositId, 'cancel', { clientId }, options.actor);
        return depositView(row, receiptUrl(options.baseUrl, row));
      });
    },

    /** Operations confirm (credit) or reject (with a reason). */
    async decide(
      depositId: string,
      action: Exclude<DepositAction, 'cancel'>,
      options: {
        staffId: string;
        /** The deciding officer's email, when the caller has it (the console's session). */
        staffEmail?: string;
        actor: Actor;
        baseUrl: string;
        reason?: string;
        transaction?: TransactionRunner;
      },
    ): Promise<TConsoleDeposit> {
      const reason = options.reason?.trim() || null;
      if (action === 'reject' && !reason) throw badRequest(FM.reasonRequired);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        // The step answers the row as it left it (credited with its posting): no read back.
        const row = await move(
          tx,
          depositId,
          action,
          { staffId: options.staffId },
          options.actor,
          reason,
        );
        const known = new Map(
          options.staffEmail ? [[options.staffId, { email: options.staffEmail }]] : [],
        );
        const [listed] = await withPeople(people, [{ row }], tx, known);
        return consoleDepositView(listed!, receiptUrl(options.baseUrl, listed!.row));
      });
    },

    /**
     * Operations match the bank's statement: each line confirms the one pending deposit with
     * its UTR and exactly its amount, credited as a single confirmation would be (its posting,
     * audit row and event), all in one transaction with the postings in one round trip.
     */
    async confirmStatement(
      lines: StatementLine[],
      options: { staffId: string; actor: Actor; baseUrl: string; transaction?: TransactionRunner },
    ): Promise<TBankStatementResult> {
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const known = await depositsWithUtrsLocked(tx, [...new Set(lines.map((l) => l.utr))]);
        const { matched, unmatched } = matchStatement(lines, known);
        const at = clock.now();
        // Every matched deposit is pending and locked, so each moves: its credit's id is
        // reserved now and written by the move itself; the credits are posted last (below).
        const byId = new Map(known.map((row) => [row.id, row]));
        const toCredit = matched.map((m) => byId.get(m.depositId)!);
        const credits = await ledger.reserveMany(
          tx,
          toCredit.map((row) => transferPosting(creditOf(row))),
        );
        const postingOfRow = sql`(${sql.param(credits.postingIds)}::bigint[])[
          array_position(${sql.param(toCredit.map((row) => row.id))}::uuid[], ${deposits.id})]`;
        let moved: DepositRow[];
        try {
          moved = await applyTransitions(tx, DEPOSIT, 'confirm', {
            ids: toCredit.map((row) => row.id),
            at,
            set: {
              decidedAt: at,
              decidedByStaffId: options.staffId,
              reason: null,
              postingId: postingOfRow,
            },
            audit: {
              actor: options.actor,
              details: (row) => ({
                clientId: row.clientId,
                amountPaise: row.amount.toString(),
                utr: row.utr,
                postingId: row.postingId,
                via: 'bank_statement',
              }),
            },
            events,
          });
        } catch (error) {
          if (isUniqueViolation(error, 'deposits_utr_confirmed_once'))
            throw conflict(FM.utrAlreadyCredited);
          throw error;
        }
        // Each reserved credit is posted below: one for a deposit that did not move would pay
        // for nothing. Locked and pending, every one moves; if not, nothing commits.
        if (moved.length !== toCredit.length) throw new Error('A matched deposit did not move');
        const movedById = new Map(moved.map((row) => [row.id, row]));
        const listed = await withPeople(
          people,
          matched.map((m) => ({ row: movedById.get(m.depositId)! })),
          tx,
        );
        // Last: the credited accounts stay locked from here to commit only.
        await credits.post();
        return {
          confirmed: listed.map((l) => consoleDepositView(l, receiptUrl(options.baseUrl, l.row))),
          unmatched: unmatched.map((u) => ({
            line: u.line,
            utr: u.utr,
            amount_paise: paiseNumber(u.amountPaise),
            reason: u.reason,
            message: mismatchMessage(u.reason),
          })),
          confirmed_total_paise: paiseNumber(moved.reduce((sum, row) => sum + row.amount, 0n)),
        };
      });
    },

    async ofClient(clientId: string, depositId: string, baseUrl: string): Promise<TDepositView> {
      const listed = await depositById(db, depositId);
      if (!listed || listed.row.clientId !== clientId) throw notFound(FM.depositNotFound);
      return depositView(listed.row, receiptUrl(baseUrl, listed.row));
    },

    /** A client's deposits, newest first; views and the raw rows for the cursor. */
    async listOfClient(
      clientId: string,
      filter: Omit<ListFilter, 'clientId' | 'order'>,
      baseUrl: string,
    ) {
      const rows = await listDeposits(db, { ...filter, clientId, order: 'newest' });
      return rows.map((r) => ({ ...r, view: depositView(r.row, receiptUrl(baseUrl, r.row)) }));
    },

    /** The console queue: pending oldest first, any other status newest first. */
    async queue(filter: Omit<ListFilter, 'order'>, baseUrl: string) {
      const rows = await withPeople(
        people,
        await listDeposits(db, {
          ...filter,
          order: filter.status === 'pending' ? 'oldest' : 'newest',
        }),
      );
      return rows.map((r) => ({ ...r, view: consoleDepositView(r, receiptUrl(baseUrl, r.row)) }));
    },

    countPending: () => countByStatus(db, deposits, 'pending'),

    /** What the client reported paying that operations have not yet confirmed (not in cash). */
    async pendingTotalOf(clientId: string, executor: Executor = db): Promise<bigint> {
      const [row] = await executor
        .select({ total: sql<string>`coalesce(sum(${deposits.amount}), 0)::text` })
        .from(deposits)
        .where(and(eq(deposits.clientId, clientId), eq(deposits.status, 'pending')));
      return BigInt(row?.total ?? '0');
    },

    /** A deposit as its receipt shows it, when the posting settles one of the client's. */
    async forReceipt(reference: string | null, baseUrl: string) {
      const match = /^deposit:([0-9a-f-]{36})$/.exec(reference ?? '');
      if (!match) return null;
      const listed = await depositById(db, match[1]!);
      return listed ? depositView(listed.row, receiptUrl(baseUrl, listed.row)) : null;
    },
  };
}
export type DepositService = ReturnType<typeof createDepositService>;
