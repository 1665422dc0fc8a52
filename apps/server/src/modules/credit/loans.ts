/**
 * Loans from quote to disbursal: the quote (the same schedule code the accrual posts with),
 * the application (PIN, pledge reserved in the application's transaction), the decisions
 * (maker-checker above the console's threshold), the client's cancel, disbursal through the
 * ledger (the firm's loans account to the client's cash, the fee and its GST itemised) and
 * write-off. Every move goes through applyLoanTransition.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  DPD_BUCKETS,
  formatPaise,
  LM,
  type TDpdBucket,
  OPEN_LOAN_STATUSES,
  type TLoanDetail,
  type TLoanQuote,
  type TLoanStatus,
  type TLoanView,
  type TPledgeLine,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import {
  approvalStep,
  approvalsFor,
  assertDecider,
  secondOfficerWhere,
} from '../../platform/maker-checker.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { assertSees, type Viewer } from '../../platform/viewer.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import {
  clientAccount,
  firmAccount,
  type LedgerService,
  type PostingLine,
} from '../ledger/service.ts';
import type { StaffService } from '../staff/service.ts';
import { PledgeBeyondFree, type Pledges } from '../trading/service.ts';
import { addDays, aprBps, buildSchedule, istDay, periodsFrom, processingFee } from './interest.ts';
import { instalmentsOf, loanDues, quotedInstalments, writeInstalments } from './instalments.ts';
import { bucketSql, bucketWhere } from './dpd-sql.ts';
import { acceptKeyFacts, keyFactsOf } from './key-facts.ts';
import { applyLoanTransition, recordLoanEvent } from './lifecycle.ts';
import type { CreditProducts } from './products.ts';
import { marginCallsOf, marginCallView } from './margin-calls.ts';
import { loanEvents, loanPledges, loans } from './tables.ts';
import {
  debtOf,
  dueScheduleView,
  instalmentView,
  type LoanRow,
  loanView,
  paiseNumber,
  pledgeViews,
  type ProductRow,
  scheduleOf,
} from './views.ts';

export type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  staff: StaffService;
  pledges: Pledges;
  products: CreditProducts;
  /** Where loans' status changes are announced once committed. */
  events?: TransitionEvents | undefined;
};

export type QuoteInput = {
  product_id: string;
  amount_paise: bigint;
  tenure_months: number;
  pledges: TPledgeLine[];
};

export function createLoans(deps: Deps) {
  const { db, clock, ledger, clients, staff, pledges, products, events } = deps;
  const today = () => istDay(clock.now());

  // ---------- Access ----------

  /** The flag first (403), then KYC (403): what a client must have to borrow. */
  function assertBorrower(client: ClientRow) {
    if (!client.allowLoan) throw forbidden(LM.loanNotAllowed);
    if (client.kycStatus !== 'approved') throw forbidden(LM.kycRequired);
  }

  /** A staff member who may decide loans, by id (the console) — the CLI passes its --as. */
  async function decider(staffId: string) {
    const row = await staff.findById(staffId);
    assertDecider(row, 'loanDecide', 'Only operations officers may decide loans.');
    return row;
  }

  // ---------- Terms ----------

  function checkTerms(product: ProductRow, input: QuoteInput) {
    if (!product.active) throw badRequest(LM.productInactive);
    if (input.amount_paise < product.minAmountPaise)
      throw badRequest(LM.amountBelowMin(product.minAmountPaise));
    if (input.amount_paise > product.maxAmountPaise)
      throw badRequest(LM.amountAboveMax(product.maxAmountPaise));
    if (!product.tenureMonths.includes(input.tenure_months))
      throw badRequest(LM.tenureNotOffered(product.tenureMonths));
    const secured = product.kind === 'loan_against_shares';
    if (!secured && input.pledges.length > 0) throw badRequest(LM.pledgeNotAllowed);
    if (secured && input.pledges.length === 0) throw badRequest(LM.pledgeRequired);
  }

  /**
   * The pledge's value at the feed's prices, checked against what the client holds free now
   * (the guarded UPDATE at application is what holds in a race).
   */
  async function valuePledge(clientId: string, lines: TPledgeLine[], executor: Executor = db) {
    if (lines.length === 0) return null;
    const held = new Map(
      (await pledges.holdingsOf(executor, clientId)).map((h) => [h.symbol, h] as const),
    );
    let value = 0n;
    for (const line of lines) {
      const holding = held.get(line.symbol);
      if (!holding || holding.free < line.quantity)
        throw badRequest(LM.pledgeBeyondFree(line.symbol));
      if (holding.pricePaise === null) throw badRequest(LM.pledgeNoPrice(line.symbol));
      value += holding.pricePaise * BigInt(line.quantity);
    }
    return value;
  }

  const eligibilityOf = (product: ProductRow, value: bigint | null) =>
    value === null || product.ltvBps === null ? null : (value * BigInt(product.ltvBps)) / 10_000n;

  function quoteOf(product: ProductRow, input: QuoteInput, pledgeValue: bigint | null): TLoanQuote {
    const schedule = buildSchedule({
      principal: input.amount_paise,
      rateBps: product.annualRateBps,
      periods: periodsFrom(today(), input.tenure_months),
      repayment: product.repayment as 'emi' | 'interest_only',
    });
    const { fee, gst } = processingFee(input.amount_paise, product.processingFeeBps);
    const net = input.amount_paise - fee - gst;
    const eligibility = eligibilityOf(product, pledgeValue);
    return {
      product_id: product.id,
      repayment: product.repayment as 'emi' | 'interest_only',
      amount_paise: paiseNumber(input.amount_paise),
      tenure_months: input.tenure_months,
      annual_rate_bps: product.annualRateBps,
      instalment_paise: paiseNumber(schedule.instalment),
      total_interest_paise: paiseNumber(schedule.totalInterest),
      processing_fee_paise: paiseNumber(fee),
      fee_gst_paise: paiseNumber(gst),
      net_disbursal_paise: paiseNumber(net),
      total_repayable_paise: paiseNumber(schedule.totalRepayable),
      apr_bps: aprBps(net, schedule.instalments),
      pledge_value_paise: pledgeValue === null ? null : paiseNumber(pledgeValue),
      eligibility_paise: eligibility === null ? null : paiseNumber(eligibility),
      schedule: schedule.instalments.map(instalmentView),
    };
  }

  async function quoteChecked(client: ClientRow, input: QuoteInput) {
    const product = await products.byId(input.product_id);
    checkTerms(product, input);
    const value = await valuePledge(client.id, input.pledges);
    const eligibility = eligibilityOf(product, value);
    if (eligibility !== null && input.amount_paise > eligibility)
      throw badRequest(LM.amountAboveEligibility(eligibility));
    return { product, value, quote: quoteOf(product, input, value) };
  }

  // ---------- Reads ----------

  async function pledgesOf(executor: Executor, loanIds: string[]) {
    const rows = loanIds.length
      ? await executor
          .select()
          .from(loanPledges)
          .where(inArray(loanPledges.loanId, loanIds))
          .orderBy(asc(loanPledges.symbol))
      : [];
    const byLoan = new Map<string, (typeof rows)[number][]>();
    for (const row of rows) byLoan.set(row.loanId, [...(byLoan.get(row.loanId) ?? []), row]);
    return byLoan;
  }

  async function productsById(executor: Executor = db) {
    return new Map((await products.all(executor)).map((p) => [p.id, p] as const));
  }

  /** Views of loans, with their pledges valued at the feed's prices now. */
  async function views(rows: LoanRow[], executor: Executor = db): Promise<TLoanView[]> {
    // One after the other: inside a transaction the executor is one connection.
    const byId = await productsById(executor);
    const ids = rows.map((r) => r.id);
    const pledged = await pledgesOf(executor, ids);
    const dues = await duesOfRows(rows, executor);
    const calls = await marginCallsOf(executor, ids);
    return rows.map((row) => {
      const product = byId.get(row.productId)!;
      const lines = pledged.get(row.id) ?? [];
      const value =
        product.kind === 'loan_against_shares'
          ? pledgeViews(lines, pledges.priceOf, pledges.nameOf).value
          : null;
      return loanView(row, product, {
        now: clock.now(),
        pledgeValue: value,
        dues: dues.get(row.id) ?? null,
        marginCalls: calls.get(row.id) ?? [],
      });
    });
  }

  /** The dues of disbursed loans today, from their instalments (dues.ts). */
  async function duesOfRows(rows: LoanRow[], executor: Executor = db) {
    const active = rows.filter((r) => r.status === 'disbursed');
    const held = await instalmentsOf(
      executor,
      active.map((r) => r.id),
    );
    return new Map(
      active.map((r) => {
        const list = held.get(r.id) ?? quotedInstalments(r, today());
        return [r.id, loanDues(r, list, today())] as const;
      }),
    );
  }

  async function detail(row: LoanRow, executor: Executor = db): Promise<TLoanDetail> {
    const product = await products.byId(row.productId, executor);
    const lines = (await pledgesOf(executor, [row.id])).get(row.id) ?? [];
    const pledged = pledgeViews(lines, pledges.priceOf, pledges.nameOf);
    const schedule = scheduleOf(row, today());
    const dues = (await duesOfRows([row], executor)).get(row.id) ?? null;
    const events = await executor
      .select()
      .from(loanEvents)
      .where(eq(loanEvents.loanId, row.id))
      .orderBy(asc(loanEvents.id));
    const secured = product.kind === 'loan_against_shares';
    const calls = (await marginCallsOf(executor, [row.id])).get(row.id) ?? [];
    return {
      ...loanView(row, product, {
        now: clock.now(),
        pledgeValue: secured ? pledged.value : null,
        dues,
        marginCalls: calls,
      }),
      schedule: dues ? dueScheduleView(row, dues) : schedule.instalments.map(instalmentView),
      pledges: pledged.pledges,
      events: events.map((e) => ({ at: e.at.toISOString(), kind: e.kind, message: e.message })),
      product_levels: {
        ltv_bps: product.ltvBps,
        margin_call_ltv_bps: product.marginCallLtvBps,
        sell_off_ltv_bps: product.sellOffLtvBps,
      },
    };
  }

  async function loanOf(loanId: string, clientId?: string, executor: Executor = db) {
    const [row] = await executor
      .select()
      .from(loans)
      .where(and(eq(loans.id, loanId), clientId ? eq(loans.clientId, clientId) : undefined));
    if (!row) throw notFound(LM.loanNotFound);
    return row;
  }

  /** Gives back what a loan still holds in pledge (closing, cancelling, rejecting). */
  async function releasePledge(tx: Tx, row: LoanRow) {
    const held = await tx
      .update(loanPledges)
      .set({ releasedAt: clock.now() })
      .where(and(eq(loanPledges.loanId, row.id), isNull(loanPledges.releasedAt)))
      .returning();
    const lines = held
      .map((p) => ({ symbol: p.symbol, quantity: p.quantity - p.invokedQuantity }))
      .filter((l) => l.quantity > 0);
    await pledges.release(tx, row.clientId, lines);
    return lines;
  }

  // ---------- Staff names ----------

  /**
   * The emails of the officers who decided these loans, read on `executor`: inside a
   * decision that is the decision's own transaction, never a second pool connection.
   */
  async function staffEmails(rows: LoanRow[], executor: Executor = db) {
    const ids = rows.flatMap((r) => [r.firstApprovedBy, r.secondApprovedBy, r.decidedBy]);
    const names = await staff.namesOf(ids, executor);
    return new Map([...names].map(([id, n]) => [id, n.email] as const));
  }

  /** One query after the other: inside a transaction the executor is one connection. */
  async function consoleViews(rows: LoanRow[], executor: Executor = db) {
    const list = await views(rows, executor);
    const refs = await clients.refsOf(
      rows.map((r) => r.clientId),
      executor,
    );
    const emails = await staffEmails(rows, executor);
    return rows.map((row, i) => consoleExtras(row, list[i]!, refs, emails));
  }

  function consoleExtras<V extends TLoanView>(
    row: LoanRow,
    view: V,
    refs: Map<string, { id: string; uid: string; name: string | null }>,
    emails: Map<string, string>,
  ) {
    const ref = refs.get(row.clientId);
    return {
      ...view,
      client: { id: row.clientId, uid: ref?.uid ?? '', name: ref?.name ?? null },
      approved_by: [row.firstApprovedBy, row.secondApprovedBy]
        .filter((id): id is string => id !== null)
        .map((id) => emails.get(id) ?? id),
      decided_by: row.decidedBy ? (emails.get(row.decidedBy) ?? row.decidedBy) : null,
    };
  }

  async function consoleDetailOf(row: LoanRow, executor: Executor = db) {
    const view = await detail(row, executor);
    const refs = await clients.refsOf([row.clientId], executor);
    const emails = await staffEmails([row], executor);
    const calls = (await marginCallsOf(executor, [row.id])).get(row.id) ?? [];
    return { ...consoleExtras(row, view, refs, emails), margin_calls: calls.map(marginCallView) };
  }

  /** An advisor reads only their own clients' loans (a null viewer: the CLI, full authority). */
  async function assertVisible(viewer: Viewer | null, row: LoanRow) {
    if (!viewer || viewer.seesAdvisor === null) return;
    assertSees(viewer, (await clients.byId(row.clientId)).advisorId);
  }

  // ---------- Decisions ----------

  type DecideOptions = { staffId: string; actor: Actor; reason?: string | null };

  /**
   * An officer's approval. With one approval required it approves; with two, the first
   * officer's is recorded and a different officer's completes it. The loan row is locked
   * first, so concurrent approvals line up: of two at once on a one-approval loan, the
   * second finds it approved (409); the same officer can never be both approvals.
   */
  async function approveIn(tx: Tx, loanId: string, options: DecideOptions) {
    const [row] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!row) throw notFound(LM.loanNotFound);
    if (row.status !== 'applied') throw conflict(LM.alreadyStatus(row.status as TLoanStatus));
    const note = options.reason?.trim() || null;
    const now = clock.now();
    const step = approvalStep(row, options.staffId, LM.secondApprovalSameOfficer);
    if (step === 'first') {
      const [first] = await tx
        .update(loans)
        .set({ firstApprovedBy: options.staffId, firstApprovedAt: now, updatedAt: now })
        .where(
          and(eq(loans.id, loanId), eq(loans.status, 'applied'), isNull(loans.firstApprovedBy)),
        )
        .returning();
      if (!first) throw conflict(LM.alreadyStatus(row.status as TLoanStatus));
      await recordAudit(tx, options.actor, {
        action: 'loan.approve_first',
        subjectType: 'loan',
        subjectId: loanId,
        before: { status: 'applied', approvals: 0 },
        after: { status: 'applied', approvals: 1, staffId: options.staffId, note },
      });
      await recordLoanEvent(
        tx,
        clock,
        loanId,
        'approve_first',
        'First approval given; a second officer reviews loans of this size.',
      );
      return { row: first, complete: false };
    }
    const second = step === 'second';
    const moved = await applyLoanTransition(tx, clock, {
      events,
      loanId,
      action: 'approve',
      actor: options.actor,
      set: second
        ? { secondApprovedBy: options.staffId, secondApprovedAt: now, decidedBy: options.staffId }
        : { firstApprovedBy: options.staffId, firstApprovedAt: now, decidedBy: options.staffId },
      where: second
        ? secondOfficerWhere(loans.firstApprovedBy, options.staffId)
        : isNull(loans.firstApprovedBy),
      event: { message: 'Loan approved. It will be disbursed to your cash shortly.' },
      audit: { staffId: options.staffId, approvals: second ? 2 : 1, note },
    });
    return { row: moved, complete: true };
  }

  async function disburseIn(tx: Tx, loanId: string, options: DecideOptions) {
    const start = today();
    const now = clock.now();
    const current = await loanOf(loanId, undefined, tx);
    const moved = await applyLoanTransition(tx, clock, {
      events,
      loanId,
      action: 'disburse',
      actor: options.actor,
      set: {
        startDate: start,
        accruedThrough: addDays(start, -1),
        outstandingPrincipalPaise: current.amountPaise,
        disbursedAt: now,
        marginState: null,
      },
      event: { message: 'Loan disbursed to your cash.' },
      audit: { staffId: options.staffId, amountPaise: current.amountPaise.toString() },
    });
    const product = await products.byId(moved.productId, tx);
    const fee = moved.processingFeePaise;
    const gst = moved.feeGstPaise;
    const net = moved.amountPaise - fee - gst;
    const lines: PostingLine[] = [
      { account: firmAccount('loans'), amount: -moved.amountPaise },
      { account: clientAccount(moved.clientId, 'cash_available'), amount: net },
    ];
    if (fee > 0n) lines.push({ account: firmAccount('fees'), amount: fee });
    if (gst > 0n) lines.push({ account: firmAccount('taxes'), amount: gst });
    const memo =
      fee > 0n
        ? `${product.name} of ${formatPaise(moved.amountPaise)} disbursed; processing fee ${formatPaise(fee)} and GST ${formatPaise(gst)} deducted`
        : `${product.name} of ${formatPaise(moved.amountPaise)} disbursed`;
    const posted = await ledger.post(tx, {
      kind: 'loan_disbursal',
      clientId: moved.clientId,
      memo,
      reference: `loan:${moved.id}`,
      idempotencyKey: `loan:${moved.id}:disbursal`,
      lines,
    });
    const [row] = await tx
      .update(loans)
      .set({
        disbursalPostingId: posted.postingId,
        marginState: product.kind === 'loan_against_shares' ? 'ok' : null,
      })
      .where(eq(loans.id, moved.id))
      .returning();
    await writeInstalments(tx, row!, start);
    return row!;
  }

  return {
    assertBorrower,
    quoteChecked,
    views,
    detail,
    loanOf,
    releasePledge,
    consoleViews,
    staffEmails,
    consoleExtras,

    /** Products for the credit view, and the holdings the client could pledge. */
    async catalogue(client: ClientRow) {
      assertBorrower(client);
      const [items, held] = await Promise.all([
        products.active(),
        pledges.holdingsOf(db, client.id),
      ]);
      return {
        items,
        holdings: held.map((h) => ({
          symbol: h.symbol,
          name: h.name,
          quantity: h.quantity,
          free_quantity: h.free,
          pledged_quantity: h.pledged,
          price_paise: h.pricePaise === null ? null : paiseNumber(h.pricePaise),
        })),
      };
    },

    async quote(client: ClientRow, input: QuoteInput): Promise<TLoanQuote> {
      assertBorrower(client);
      return (await quoteChecked(client, input)).quote;
    },

    /**
     * The application: terms checked, PIN verified (outside the transaction, so a wrong
     * guess counts), then in one transaction the loan row and the pledge of its shares.
     */
    async apply(
      client: ClientRow,
      input: QuoteInput & { pin: string; kfs_id?: string | undefined },
      options: { actor: Actor; sessionId: string; transaction?: TransactionRunner },
    ): Promise<TLoanDetail> {
      assertBorrower(client);
      if (!client.pinHash) throw badRequest(LM.setPinForLoans);
      const { product, value, quote } = await quoteChecked(client, input);
      const kfsId = input.kfs_id;
      if (!kfsId) throw badRequest(LM.kfsRequired);
      await clients.verifyTradingPin(client, input.pin, options.sessionId);
      const transaction = options.transaction ?? plainTransaction(db);
      try {
        return await transaction(async (tx) => {
          const [open] = await tx
            .select({ id: loans.id })
            .from(loans)
            .where(
              and(
                eq(loans.clientId, client.id),
                eq(loans.productId, product.id),
                inArray(loans.status, [...OPEN_LOAN_STATUSES]),
              ),
            );
          if (open) throw badRequest(LM.loanOpen);
          const threshold = await products.approvalThreshold(tx);
          const { fee, gst } = processingFee(input.amount_paise, product.processingFeeBps);
          const id = randomUUID();
          const now = clock.now();
          const [row] = await tx
            .insert(loans)
            .values({
              id,
              clientId: client.id,
              productId: product.id,
              repayment: product.repayment,
              amountPaise: input.amount_paise,
              tenureMonths: input.tenure_months,
              annualRateBps: product.annualRateBps,
              // The KFS accepted below names this charge (its terms are compared): it stays.
              foreclosureChargeBps: product.foreclosureChargeBps,
              processingFeePaise: fee,
              feeGstPaise: gst,
              approvalsRequired: approvalsFor(input.amount_paise, threshold),
              kfsId,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          await acceptKeyFacts(tx, clock, {
            clientId: client.id,
            kfsId,
            loanId: id,
            now: keyFactsOf(product, quote, input.pledges, now, kfsId),
          });
          if (input.pledges.length > 0) {
            try {
              await pledges.pledge(tx, client.id, input.pledges);
            } catch (error) {
              if (error instanceof PledgeBeyondFree)
                throw badRequest(LM.pledgeBeyondFree(error.symbol));
              throw error;
            }
            await tx
              .insert(loanPledges)
              .values(
                input.pledges.map((p) => ({ loanId: id, symbol: p.symbol, quantity: p.quantity })),
              );
          }
          await recordAudit(tx, options.actor, {
            action: 'loan.apply',
            subjectType: 'loan',
            subjectId: id,
            after: {
              clientId: client.id,
              productId: product.id,
              amountPaise: input.amount_paise.toString(),
              tenureMonths: input.tenure_months,
              approvalsRequired: row!.approvalsRequired,
              pledges: input.pledges,
              pledgeValuePaise: value?.toString() ?? null,
              kfsId,
            },
          });
          await recordLoanEvent(
            tx,
            clock,
            id,
            'apply',
            input.pledges.length
              ? `Applied for ${formatPaise(input.amount_paise)}; ${input.pledges.map((p) => `${p.quantity} ${p.symbol}`).join(', ')} pledged.`
              : `Applied for ${formatPaise(input.amount_paise)}.`,
          );
          return detail(row!, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'loans_one_open_per_product')) throw badRequest(LM.loanOpen);
        throw error;
      }
    },

    /** The client withdraws an application not yet disbursed; the pledge returns. */
    async cancel(
      clientId: string,
      loanId: string,
      options: { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TLoanDetail> {
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const moved = await applyLoanTransition(tx, clock, {
          events,
          loanId,
          clientId,
          action: 'cancel',
          actor: options.actor,
          event: { message: 'Application cancelled; pledged shares released.' },
        });
        await releasePledge(tx, moved);
        return detail(moved, tx);
      });
    },

    async listOfClient(clientId: string, status?: TLoanStatus): Promise<TLoanView[]> {
      const rows = await db
        .select()
        .from(loans)
        .where(and(eq(loans.clientId, clientId), status ? eq(loans.status, status) : undefined))
        .orderBy(desc(loans.createdAt));
      return views(rows);
    },

    async ofClient(clientId: string, loanId: string): Promise<TLoanDetail> {
      return detail(await loanOf(loanId, clientId));
    },

    /** What a client owes on all their loans now (assets summary). */
    async balanceOf(clientId: string): Promise<bigint> {
      const [row] = await db
        .select({
          owed: sql<string>`coalesce(sum(${loans.outstandingPrincipalPaise} + ${loans.accruedInterestPaise} + ${loans.feesDuePaise}), 0)::text`,
        })
        .from(loans)
        .where(and(eq(loans.clientId, clientId), eq(loans.status, 'disbursed')));
      return BigInt(row?.owed ?? '0');
    },

    // ---------- Console ----------

    /** The queue: applied oldest first (a work queue); other statuses newest first. */
    async queue(
      viewer: Viewer | null,
      filter: {
        status?: TLoanStatus | undefined;
        clientId?: string | undefined;
        bucket?: TDpdBucket | undefined;
        after?: [string, string] | null;
        limit: number;
      },
    ) {
      const where: (SQL | undefined)[] = [];
      if (filter.status) where.push(eq(loans.status, filter.status));
      if (filter.clientId) where.push(eq(loans.clientId, filter.clientId));
      if (filter.bucket) {
        where.push(eq(loans.status, 'disbursed'));
        where.push(bucketWhere(filter.bucket, today()));
      }
      if (viewer && viewer.seesAdvisor !== null)
        where.push(inArray(loans.clientId, clients.idsOfAdvisor(viewer.seesAdvisor)));
      const oldest = filter.status === 'applied';
      if (filter.after) {
        const [at, id] = filter.after;
        where.push(
          oldest
            ? sql`(${loans.createdAt}, ${loans.id}) > (${at}::timestamptz, ${id}::uuid)`
            : sql`(${loans.createdAt}, ${loans.id}) < (${at}::timestamptz, ${id}::uuid)`,
        );
      }
      const rows = await db
        .select({ row: loans, cursorAt: sql<string>`${loans.createdAt}::text` })
        .from(loans)
        .where(and(...where))
        .orderBy(
          ...(oldest
            ? [asc(loans.createdAt), asc(loans.id)]
            : [desc(loans.createdAt), desc(loans.id)]),
        )
        .limit(filter.limit + 1);
      const list = await consoleViews(rows.map((r) => r.row));
      return rows.map((r, i) => ({ ...r, view: list[i]! }));
    },

    /** The console's detail read in the caller's transaction (after a decision in it). */
    async consoleDetailIn(loanId: string, executor: Executor) {
      return consoleDetailOf(await loanOf(loanId, undefined, executor), executor);
    },

    async consoleDetail(viewer: Viewer | null, loanId: string) {
      const row = await loanOf(loanId);
      await assertVisible(viewer, row);
      return consoleDetailOf(row);
    },

    /**
     * Whether the client has a loan to service or papers to keep (anything but a rejected or
     * cancelled application): Credit stays in their menu whatever allow_loan says.
     */
    async hasLoansToShow(clientId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: loans.id })
        .from(loans)
        .where(
          and(eq(loans.clientId, clientId), notInArray(loans.status, ['rejected', 'cancelled'])),
        )
        .limit(1);
      return row !== undefined;
    },

    /** A loan the viewer may read (404 unknown, 403 another advisor's client). */
    async visibleTo(viewer: Viewer | null, loanId: string) {
      const row = await loanOf(loanId);
      await assertVisible(viewer, row);
      return row;
    },

    /** Disbursed loans by days-past-due bucket (the console queue's counts). */
    async bucketCounts(viewer: Viewer | null): Promise<Record<TDpdBucket, number>> {
      const mine =
        viewer && viewer.seesAdvisor !== null
          ? inArray(loans.clientId, clients.idsOfAdvisor(viewer.seesAdvisor))
          : undefined;
      const rows = await db
        .select({ bucket: bucketSql(today()), n: sql<number>`count(*)::int` })
        .from(loans)
        .where(and(eq(loans.status, 'disbursed'), mine))
        .groupBy(sql`1`);
      const out = Object.fromEntries(DPD_BUCKETS.map((b) => [b, 0])) as Record<TDpdBucket, number>;
      for (const r of rows) out[r.bucket as TDpdBucket] = r.n;
      return out;
    },

    async countApplied() {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loans)
        .where(eq(loans.status, 'applied'));
      return row?.n ?? 0;
    },

    async approve(loanId: string, options: DecideOptions & { transaction?: TransactionRunner }) {
      await decider(options.staffId);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const { row } = await approveIn(tx, loanId, options);
        return consoleDetailOf(row, tx);
      });
    },

    async reject(loanId: string, options: DecideOptions & { transaction?: TransactionRunner }) {
      await decider(options.staffId);
      const reason = options.reason?.trim();
      if (!reason) throw badRequest(LM.reasonRequired);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const moved = await applyLoanTransition(tx, clock, {
          events,
          loanId,
          action: 'reject',
          actor: options.actor,
          set: { decidedBy: options.staffId, reason },
          event: { message: `Application rejected: ${reason}` },
          audit: { staffId: options.staffId, reason },
        });
        await releasePledge(tx, moved);
        return consoleDetailOf(moved, tx);
      });
    },

    async disburse(loanId: string, options: DecideOptions & { transaction?: TransactionRunner }) {
      await decider(options.staffId);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => consoleDetailOf(await disburseIn(tx, loanId, options), tx));
    },

    /**
     * Writes off what is still owed: the firm's loans account is cleared against its loan
     * losses, and any pledge still held is released.
     */
    async writeOff(loanId: string, options: DecideOptions & { transaction?: TransactionRunner }) {
      await decider(options.staffId);
      const reason = options.reason?.trim();
      if (!reason) throw badRequest(LM.reasonRequired);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const current = await loanOf(loanId, undefined, tx);
        const owed =
          current.outstandingPrincipalPaise + current.accruedInterestPaise + current.feesDuePaise;
        const moved = await applyLoanTransition(tx, clock, {
          events,
          loanId,
          action: 'write_off',
          actor: options.actor,
          set: { decidedBy: options.staffId, reason, closedAt: clock.now() },
          where: and(
            eq(loans.outstandingPrincipalPaise, current.outstandingPrincipalPaise),
            eq(loans.accruedInterestPaise, current.accruedInterestPaise),
          ),
          event: { message: `Loan written off: ${reason}` },
          audit: { staffId: options.staffId, reason, writtenOffPaise: owed.toString() },
        });
        if (owed > 0n)
          await ledger.transfer(tx, {
            kind: 'loan_write_off',
            clientId: moved.clientId,
            memo: `Loan written off: ${formatPaise(owed)}`,
            reference: `loan:${moved.id}`,
            idempotencyKey: `loan:${moved.id}:write_off`,
            from: firmAccount('loan_losses'),
            to: firmAccount('loans'),
            amount: owed,
          });
        await releasePledge(tx, moved);
        return consoleDetailOf(moved, tx);
      });
    },

    /** Loans whose LTV the monitor looks at: disbursed loans against shares. */
    async securedActive(executor: Executor = db) {
      const secured = (await products.all(executor))
        .filter((p) => p.kind === 'loan_against_shares')
        .map((p) => p.id);
      if (secured.length === 0) return [];
      return executor
        .select()
        .from(loans)
        .where(and(eq(loans.status, 'disbursed'), inArray(loans.productId, secured)))
        .orderBy(asc(loans.createdAt));
    },

    pledgesOf,
    debtOf,
    /** Throws 403 unless the staff member may decide loans (operations, admin). */
    assertDecider: decider,
    /** The ids of an advisor's clients, read now. */
    clientIdsOfAdvisor: async (advisorId: string) =>
      (await clients.idsOfAdvisor(advisorId)).map((r) => r.id),
  };
}
export type Loans = ReturnType<typeof createLoans>;
