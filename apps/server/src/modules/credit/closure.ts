/**
 * Closing a loan early, and its papers: the foreclosure statement (what closes the loan
 * today, good to the end of the IST day), foreclosure on that statement, the cooling-off exit
 * (RBI's digital lending directions: within the product's cooling-off days the client pays
 * principal and interest to date only — any penal charge is waived, no foreclosure charge is
 * ever asked) and the no-dues letter's contents once a loan is closed. Outside it, the
 * foreclosure charge the loan's KFS named is asked with GST on top (foreclosure-charge.ts):
 * posted as a fee and its tax in the closing transaction, then paid by the repayment with the
 * rest.
 *
 * Reading the statement brings the loan's accrual up to yesterday on the loan's lock (the
 * postings the daily job would make anyway, under the same idempotency keys), so the amount
 * shown is the amount that closes it. Foreclosing takes the amount the client read: if a day
 * passed or a payment landed in between, the answer is a 409 with the new amount, and
 * nothing moves. The money moves through the same repayment as any other (servicing.ts), in
 * one transaction with the close, the pledge release and the event.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  formatBps,
  formatPaise,
  LM,
  type TForeclosureStatement,
  type TLoanStatus,
  type TRepayment,
} from '@sampada/shared';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import {
  inTransaction,
  plainTransaction,
  type TransactionRunner,
} from '../../platform/transaction.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import { firmAccount, type LedgerService, type PostingLine } from '../ledger/service.ts';
import { type ForeclosureChargeDue, foreclosureChargeDue } from './foreclosure-charge.ts';
import { ensureInstalments, instalmentsOf } from './instalments.ts';
import { accrue, addDays, istDay } from './interest.ts';
import type { Loans } from './loans.ts';
import type { CreditProducts } from './products.ts';
import type { Closing, Servicing } from './servicing.ts';
import { loanPledges, loanRepayments, loans } from './tables.ts';
import { coolingOffUntil, type LoanRow, paiseNumber } from './views.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  loans: Loans;
  servicing: Servicing;
  products: CreditProducts;
};

export type NoDuesLetter = {
  loanId: string;
  client: { name: string; uid: string };
  product: string;
  amountPaise: bigint;
  disbursedAt: Date;
  closedAt: Date;
  closedBy: 'repaid' | 'foreclosed' | 'cooling_off';
  paid: { principal: bigint; interest: bigint; fees: bigint };
  repayments: number;
  released: { symbol: string; quantity: number }[];
  issuedAt: Date;
};

export function createClosure(deps: Deps) {
  const { db, clock, ledger, clients, loans: loanService, servicing, products } = deps;
  const today = () => istDay(clock.now());

  /** The statement of a locked loan accrued to yesterday. */
  async function statementOf(tx: Tx, row: LoanRow) {
    const product = await products.byId(row.productId, tx);
    const until = coolingOffUntil(row, product, today());
    const coolingOff = until !== null;
    const waived = coolingOff ? row.feesDuePaise : 0n;
    await ensureInstalments(tx, row, today());
    const instalments = (await instalmentsOf(tx, [row.id])).get(row.id) ?? [];
    const due = foreclosureChargeDue({
      principal: row.outstandingPrincipalPaise,
      chargeBps: row.foreclosureChargeBps,
      coolingOff,
      today: today(),
      lastDueDate: instalments.at(-1)?.dueDate ?? null,
    });
    const total =
      row.outstandingPrincipalPaise +
      row.accruedInterestPaise +
      row.feesDuePaise +
      due.charge +
      due.gst;
    const perDay = accrue(row.outstandingPrincipalPaise, row.annualRateBps, 1, row.accrualCarry);
    return {
      coolingOff,
      waived,
      due,
      total: total - waived,
      view: {
        loan_id: row.id,
        as_of: today(),
        valid_until: today(),
        principal_paise: paiseNumber(row.outstandingPrincipalPaise),
        interest_paise: paiseNumber(row.accruedInterestPaise),
        penal_paise: paiseNumber(row.feesDuePaise),
        waived_paise: paiseNumber(waived),
        foreclosure_charge_paise: paiseNumber(due.charge),
        foreclosure_charge_gst_paise: paiseNumber(due.gst),
        total_paise: paiseNumber(total - waived),
        per_day_interest_paise: paiseNumber(perDay.interest),
        cooling_off: coolingOff,
        cooling_off_until: until,
      } satisfies TForeclosureStatement,
    };
  }

  /** Locked, disbursed and accrued through yesterday: the only state a statement is read in. */
  async function readyLocked(tx: Tx, loanId: string, clientId: string) {
    const locked = await servicing.lockLoan(tx, loanId, clientId);
    if (locked.status !== 'disbursed')
      throw badRequest(
        locked.status === 'closed'
          ? LM.alreadyStatus(locked.status as TLoanStatus)
          : LM.notDisbursed,
      );
    return (await servicing.accrueLocked(tx, locked, addDays(today(), -1))).row;
  }

  /** Penal charges a cooling-off exit does not ask for: the firm's fees give back the claim. */
  async function waive(tx: Tx, row: LoanRow, amount: bigint, actor: Actor) {
    if (amount <= 0n) return row;
    await ledger.transfer(tx, {
      kind: 'loan_penal_waiver',
      clientId: row.clientId,
      memo: `Penal charges ${formatPaise(amount)} waived: exit in the cooling-off period`,
      reference: `loan:${row.id}`,
      idempotencyKey: `loan:${row.id}:cooling_off_waiver`,
      from: firmAccount('fees'),
      to: firmAccount('loans'),
      amount,
    });
    const [after] = await tx
      .update(loans)
      .set({ feesDuePaise: row.feesDuePaise - amount, updatedAt: clock.now() })
      .where(and(eq(loans.id, row.id), eq(loans.feesDuePaise, row.feesDuePaise)))
      .returning();
    await recordAudit(tx, actor, {
      action: 'loan.penal_waive',
      subjectType: 'loan',
      subjectId: row.id,
      after: { clientId: row.clientId, waivedPaise: amount.toString(), reason: 'cooling_off' },
    });
    return after!;
  }

  /**
   * The foreclosure charge and its GST become fees due, as a penal charge does (firm loans,
   * the claim grows by both ← fees income for the charge, taxes for the GST, one posting, as
   * the disbursal splits the processing fee), so the repayment that follows pays them first
   * with the rest.
   */
  async function charge(tx: Tx, row: LoanRow, due: ForeclosureChargeDue, actor: Actor) {
    const { charge: amount, gst } = due;
    if (amount <= 0n) return row;
    const memo = `Foreclosure charge ${formatPaise(amount)} + GST ${formatPaise(gst)}: ${formatBps(row.foreclosureChargeBps)} of the principal outstanding ${formatPaise(row.outstandingPrincipalPaise)}`;
    const lines: PostingLine[] = [
      { account: firmAccount('loans'), amount: -(amount + gst) },
      { account: firmAccount('fees'), amount },
    ];
    if (gst > 0n) lines.push({ account: firmAccount('taxes'), amount: gst });
    const posted = await ledger.post(tx, {
      kind: 'loan_foreclosure_charge',
      clientId: row.clientId,
      memo,
      reference: `loan:${row.id}`,
      idempotencyKey: `loan:${row.id}:foreclosure_charge`,
      lines,
    });
    const [after] = await tx
      .update(loans)
      .set({ feesDuePaise: row.feesDuePaise + amount + gst, updatedAt: clock.now() })
      .where(and(eq(loans.id, row.id), eq(loans.feesDuePaise, row.feesDuePaise)))
      .returning();
    if (!after) throw new Error(`Loan ${row.id} moved while its foreclosure was locked`);
    await recordAudit(tx, actor, {
      action: 'loan.foreclosure_charge',
      subjectType: 'loan',
      subjectId: row.id,
      after: {
        clientId: row.clientId,
        chargePaise: amount.toString(),
        gstPaise: gst.toString(),
        chargeBps: row.foreclosureChargeBps,
        postingId: posted.postingId,
      },
    });
    return after;
  }

  return {
    async statement(clientId: string, loanId: string): Promise<TForeclosureStatement> {
      return inTransaction(db, async (tx) => {
        const row = await readyLocked(tx, loanId, clientId);
        return (await statementOf(tx, row)).view;
      });
    },

    /** Closes the loan today for the statement's amount (PIN, Idempotency-Key). */
    async foreclose(
      client: ClientRow,
      loanId: string,
      input: { amount_paise: bigint; pin: string },
      options: { actor: Actor; sessionId: string; transaction?: TransactionRunner },
    ): Promise<TRepayment> {
      if (!client.pinHash) throw badRequest(LM.setPinForLoans);
      await loanService.loanOf(loanId, client.id);
      await clients.verifyTradingPin(client, input.pin, options.sessionId);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const ready = await readyLocked(tx, loanId, client.id);
        const statement = await statementOf(tx, ready);
        const { coolingOff, waived, total } = statement;
        if (input.amount_paise !== total) throw conflict(LM.foreclosureChanged(total));
        const waivedRow = await waive(tx, ready, waived, options.actor);
        const { due } = statement;
        const row = await charge(tx, waivedRow, due, options.actor);
        const chargeText =
          due.charge > 0n
            ? `including a foreclosure charge of ${formatPaise(due.charge)} + GST ${formatPaise(due.gst)}`
            : 'no foreclosure charge';
        const closing: Closing = coolingOff
          ? {
              action: 'exit_cooling_off',
              closedBy: 'cooling_off',
              message: `Loan closed in the cooling-off period for ${formatPaise(total)}: principal and interest only. Pledged shares released; your no-dues letter is ready.`,
            }
          : {
              action: 'foreclose',
              closedBy: 'foreclosed',
              message: `Loan foreclosed for ${formatPaise(total)}, ${chargeText}. Pledged shares released; your no-dues letter is ready.`,
            };
        const paid = await servicing.repayLocked(
          tx,
          row,
          total,
          options.actor,
          'client',
          'reduce_emi',
          closing,
        );
        const [view] = await loanService.views([paid.row], tx);
        return {
          loan: view!,
          amount_paise: paiseNumber(total),
          fees_paise: paiseNumber(paid.split.fees),
          interest_paise: paiseNumber(paid.split.interest),
          principal_paise: paiseNumber(paid.split.principal),
          posting_id: String(paid.postingId),
        };
      });
    },

    /** The no-dues letter's contents: a closed loan of the client's own, else 404 / 409. */
    async noDues(clientId: string, loanId: string): Promise<NoDuesLetter> {
      const row = await loanService.loanOf(loanId, clientId);
      if (row.status !== 'closed' || !row.closedAt || !row.disbursedAt)
        throw conflict(LM.notClosed);
      const product = await products.byId(row.productId);
      const client = await clients.byId(clientId);
      const pledged = await db
        .select()
        .from(loanPledges)
        .where(eq(loanPledges.loanId, row.id))
        .orderBy(asc(loanPledges.symbol));
      const repaid = await db
        .select({ id: loanRepayments.id })
        .from(loanRepayments)
        .where(eq(loanRepayments.loanId, row.id));
      return {
        loanId: row.id,
        client: { name: client.name ?? '', uid: client.uid },
        product: product.name,
        amountPaise: row.amountPaise,
        disbursedAt: row.disbursedAt,
        closedAt: row.closedAt,
        closedBy: (row.closedBy as NoDuesLetter['closedBy']) ?? 'repaid',
        paid: {
          principal: row.paidPrincipalPaise,
          interest: row.paidInterestPaise,
          fees: row.paidFeesPaise,
        },
        repayments: repaid.length,
        released: pledged
          .map((p) => ({ symbol: p.symbol, quantity: p.quantity - p.invokedQuantity }))
          .filter((p) => p.quantity > 0),
        issuedAt: clock.now(),
      };
    },
  };
}
export type Closure = ReturnType<typeof createClosure>;
