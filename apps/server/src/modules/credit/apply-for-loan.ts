/**
 * The application: terms checked, PIN verified (outside the transaction, so a wrong
 * guess counts), then in one transaction the loan row and the pledge of its shares.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { formatPaise, LM, OPEN_LOAN_STATUSES, type TLoanDetail } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { approvalsFor } from '../../platform/maker-checker.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import type { ClientRow } from '../clients/service.ts';
import { PledgeBeyondFree } from '../trading/service.ts';
import { resetDateAfter } from './floating-rate.ts';
import { istDay, processingFee } from './interest.ts';
import { acceptKeyFacts, keyFactsOf } from './key-facts.ts';
import { recordLoanEvent } from './lifecycle.ts';
import { assertBorrower } from './loan-access.ts';
import type { LoanDeps, QuoteInput } from './loan-deps.ts';
import { loanDetail } from './loan-reads.ts';
import { quoteChecked } from './quote-loan.ts';
import { loanPledges, loans } from './tables.ts';
import type { LoanRow, ProductRow } from './views.ts';

type Application = QuoteInput & { pin: string; kfs_id?: string | undefined };
type Checked = Awaited<ReturnType<typeof quoteChecked>> & { kfsId: string };

export async function applyForLoan(
  deps: LoanDeps,
  client: ClientRow,
  input: Application,
  options: { actor: Actor; sessionId: string; transaction?: TransactionRunner },
): Promise<TLoanDetail> {
  assertBorrower(client);
  if (!client.pinHash) throw badRequest(LM.setPinForLoans);
  const { product, value, quote, benchmarkBps } = await quoteChecked(deps, client, input);
  const kfsId = input.kfs_id;
  if (!kfsId) throw badRequest(LM.kfsRequired);
  await deps.clients.verifyTradingPin(client, input.pin, options.sessionId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  try {
    return await transaction(async (tx) => {
      await assertNoOpenLoan(tx, client.id, product.id);
      const row = await insertLoan(deps, tx, client, input, {
        product,
        value,
        quote,
        kfsId,
        benchmarkBps,
      });
      if (input.pledges.length > 0) await pledgeShares(deps, tx, client, input, row.id);
      await recordApplication(deps, tx, options.actor, input, row, { product, value, kfsId });
      return loanDetail(deps, row, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'loans_one_open_per_product')) throw badRequest(LM.loanOpen);
    throw error;
  }
}

async function assertNoOpenLoan(tx: Tx, clientId: string, productId: string) {
  const [open] = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(
      and(
        eq(loans.clientId, clientId),
        eq(loans.productId, productId),
        inArray(loans.status, [...OPEN_LOAN_STATUSES]),
      ),
    );
  if (open) throw badRequest(LM.loanOpen);
}

/** The loan row, and the key facts statement the client accepted for it. */
async function insertLoan(
  deps: LoanDeps,
  tx: Tx,
  client: ClientRow,
  input: Application,
  { product, quote, kfsId, benchmarkBps }: Checked,
): Promise<LoanRow> {
  const threshold = await deps.products.approvalThreshold(tx);
  const { fee, gst } = processingFee(input.amount_paise, product.processingFeeBps);
  const id = randomUUID();
  const now = deps.clock.now();
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
      // The KFS accepted below names these charges (its terms are compared): they stay.
      foreclosureChargeBps: product.foreclosureChargeBps,
      penalKind: product.penalKind,
      penalRateBps: product.penalRateBps,
      penalFlatPaise: product.penalFlatPaise,
      ...floatingTermsOf(product, deps.clock.now()),
      processingFeePaise: fee,
      feeGstPaise: gst,
      approvalsRequired: approvalsFor(input.amount_paise, threshold),
      kfsId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await acceptKeyFacts(tx, deps.clock, {
    clientId: client.id,
    kfsId,
    loanId: id,
    now: keyFactsOf(product, quote, input.pledges, now, kfsId, benchmarkBps),
  });
  return row!;
}

/**
 * A floating loan copies its spread and reset period, as it copies the rate, and is given a
 * first reset day counted from today; disbursal counts it again from the disbursal day.
 */
function floatingTermsOf(product: ProductRow, now: Date) {
  if (product.rateType !== 'floating') return { rateType: 'fixed' };
  const today = istDay(now);
  return {
    rateType: 'floating',
    spreadBps: product.spreadBps,
    resetMonths: product.resetMonths,
    nextResetDate: resetDateAfter(today, product.resetMonths, today),
  };
}

async function pledgeShares(
  deps: LoanDeps,
  tx: Tx,
  client: ClientRow,
  input: Application,
  loanId: string,
) {
  try {
    await deps.pledges.pledge(tx, client.id, input.pledges);
  } catch (error) {
    if (error instanceof PledgeBeyondFree) throw badRequest(LM.pledgeBeyondFree(error.symbol));
    throw error;
  }
  await tx
    .insert(loanPledges)
    .values(input.pledges.map((p) => ({ loanId, symbol: p.symbol, quantity: p.quantity })));
}

async function recordApplication(
  deps: LoanDeps,
  tx: Tx,
  actor: Actor,
  input: Application,
  row: LoanRow,
  { product, value, kfsId }: Pick<Checked, 'product' | 'value' | 'kfsId'>,
) {
  await recordAudit(tx, actor, {
    action: 'loan.apply',
    subjectType: 'loan',
    subjectId: row.id,
    after: {
      clientId: row.clientId,
      productId: product.id,
      amountPaise: input.amount_paise.toString(),
      tenureMonths: input.tenure_months,
      approvalsRequired: row.approvalsRequired,
      pledges: input.pledges,
      pledgeValuePaise: value?.toString() ?? null,
      kfsId,
    },
  });
  await recordLoanEvent(
    tx,
    deps.clock,
    row.id,
    'apply',
    input.pledges.length
      ? `Applied for ${formatPaise(input.amount_paise)}; ${input.pledges.map((p) => `${p.quantity} ${p.symbol}`).join(', ')} pledged.`
      : `Applied for ${formatPaise(input.amount_paise)}.`,
  );
}
