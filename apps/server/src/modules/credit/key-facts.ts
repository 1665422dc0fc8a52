/**
 * The key fact statement (RBI's digital lending directions, 2022, and its KFS format of 2024):
 * the quote turned into the statement a client reads before applying, stored word for word
 * so what was accepted can be shown and downloaded later. Applying names an unexpired KFS of
 * the client's own whose terms still match; the application's transaction ties it to the loan
 * once (a guarded UPDATE), so two applications cannot accept one statement.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  APP_NAME,
  BENCHMARK_NAME,
  CREDIT_GRIEVANCE_OFFICER,
  foreclosureChargeText,
  formatBps,
  formatPaise,
  KFS_VALID_DAYS,
  LM,
  paiseNumber,
  penalChargeText,
  type TKeyFactStatement,
  type TPenalKind,
  type TLoanQuote,
  type TPledgeLine,
  type TRateType,
  ZKeyFactStatement,
} from '@sampada/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ClientRow } from '../clients/service.ts';
import { addDays, istDay } from './interest.ts';
import { floatingTermsText } from './floating-rate.ts';
import { marginCallTerms } from './invocation.ts';
import type { QuoteInput } from './loan-deps.ts';
import { loanKeyFacts } from './tables.ts';
import type { ProductRow } from './views.ts';

export const LENDER = `${APP_NAME} Wealth`;

/** RBI's KFS names the penal charge; a product that charges none says "Nil", not "0.00%". */
function penalText(product: ProductRow) {
  const charge = penalChargeText(
    product.penalKind as TPenalKind,
    product.penalRateBps,
    paiseNumber(product.penalFlatPaise),
  );
  if (charge === null) return 'Nil';
  const when =
    product.penalKind === 'flat'
      ? `${formatPaise(product.penalFlatPaise)} once for each instalment unpaid after its due date.`
      : `${formatBps(product.penalRateBps)} a year on the overdue principal only, for the days it is overdue.`;
  return `${when} Not interest: never compounded, never added to the rate, no GST.`;
}

const recoveryText = (product: ProductRow) =>
  [
    'Instalments are collected from your available cash on their due dates (auto-debit); we remind you 3 days before and tell you if it falls short.',
    product.kind === 'loan_against_shares' ? marginCallTerms(product) : null,
    `${LENDER} recovers its loans itself: no recovery agents are engaged.`,
  ]
    .filter(Boolean)
    .join(' ');

function foreclosureText(product: ProductRow) {
  const pay =
    'Close the loan any day by paying the principal outstanding, interest to the day before and any penal charges due';
  const statement = 'Ask for the foreclosure statement in the app.';
  if (product.foreclosureChargeBps <= 0) return `${pay}: no foreclosure charge. ${statement}`;
  return `${pay}, and a foreclosure charge of ${foreclosureChargeText(product.foreclosureChargeBps)}. No charge in the cooling-off period, nor when the loan is paid off on or after its last due date. ${statement}`;
}

/** A floating rate's terms as told at sanction; null for a fixed rate. */
function floatingOf(product: ProductRow, benchmarkBps: number | null) {
  if (product.rateType !== 'floating' || benchmarkBps === null) return null;
  const terms = { benchmarkBps, spreadBps: product.spreadBps, resetMonths: product.resetMonths };
  return {
    benchmark: BENCHMARK_NAME,
    benchmark_bps: benchmarkBps,
    spread_bps: product.spreadBps,
    reset_months: product.resetMonths,
    text: floatingTermsText(terms),
  };
}

/**
 * The statement for a checked quote: every figure from the quote, every term from the product
 * (priced: a floating product's rate is the benchmark of the day plus its spread).
 */
export function keyFactsOf(
  product: ProductRow,
  quote: TLoanQuote,
  pledges: TPledgeLine[],
  issuedAt: Date,
  id: string,
  benchmarkBps: number | null = null,
): TKeyFactStatement {
  return {
    id,
    issued_at: issuedAt.toISOString(),
    valid_until: addDays(istDay(issuedAt), KFS_VALID_DAYS - 1),
    lender: LENDER,
    product_id: product.id,
    product_name: product.name,
    kind: product.kind as TKeyFactStatement['kind'],
    repayment: quote.repayment,
    amount_paise: quote.amount_paise,
    tenure_months: quote.tenure_months,
    instalments: quote.schedule.length,
    annual_rate_bps: quote.annual_rate_bps,
    rate_type: product.rateType as TRateType,
    instalment_paise: quote.instalment_paise,
    total_interest_paise: quote.total_interest_paise,
    processing_fee_paise: quote.processing_fee_paise,
    fee_gst_paise: quote.fee_gst_paise,
    other_charges_paise: 0,
    net_disbursal_paise: quote.net_disbursal_paise,
    total_repayable_paise: quote.total_repayable_paise,
    apr_bps: quote.apr_bps,
    pledges: [...pledges].sort((a, b) => a.symbol.localeCompare(b.symbol)),
    penal: {
      kind: product.penalKind as 'rate' | 'flat',
      rate_bps: product.penalRateBps,
      flat_paise: Number(product.penalFlatPaise),
      text: penalText(product),
    },
    cooling_off_days: product.coolingOffDays,
    foreclosure_charge_bps: product.foreclosureChargeBps,
    floating: floatingOf(product, benchmarkBps),
    foreclosure: foreclosureText(product),
    recovery: recoveryText(product),
    grievance: { ...CREDIT_GRIEVANCE_OFFICER },
    schedule: quote.schedule,
    accepted_at: null,
    loan_id: null,
  };
}

/**
 * The terms a client agrees to: the same product, amount, tenure, pledge, rate and its type,
 * fee, penal charge, cooling-off and foreclosure charge. Dates move with the day of disbursal and are not compared.
 */
function termsOf(k: TKeyFactStatement) {
  return JSON.stringify([
    k.product_id,
    k.amount_paise,
    k.tenure_months,
    k.annual_rate_bps,
    k.processing_fee_paise,
    k.fee_gst_paise,
    k.penal.kind,
    k.penal.rate_bps,
    k.penal.flat_paise,
    k.cooling_off_days,
    k.rate_type,
    k.foreclosure_charge_bps,
    k.floating?.spread_bps ?? null,
    k.floating?.reset_months ?? null,
    k.pledges.map((p) => `${p.symbol}:${p.quantity}`),
  ]);
}

const parse = (row: typeof loanKeyFacts.$inferSelect): TKeyFactStatement => ({
  ...ZKeyFactStatement.parse(row.statement),
  accepted_at: row.acceptedAt?.toISOString() ?? null,
  loan_id: row.loanId,
});

/**
 * Inside the application's transaction, after the loan row is written: the KFS must be the
 * client's, unexpired, not yet accepted, and carry the terms applied for now.
 */
export async function acceptKeyFacts(
  tx: Tx,
  clock: Clock,
  input: { clientId: string; kfsId: string; loanId: string; now: TKeyFactStatement },
) {
  const [row] = await tx
    .select()
    .from(loanKeyFacts)
    .where(and(eq(loanKeyFacts.id, input.kfsId), eq(loanKeyFacts.clientId, input.clientId)))
    .for('update');
  if (!row) throw badRequest(LM.kfsNotFound);
  if (row.loanId !== null) throw badRequest(LM.kfsUsed);
  if (row.validUntil < istDay(clock.now())) throw badRequest(LM.kfsExpired);
  if (termsOf(parse(row)) !== termsOf(input.now)) throw badRequest(LM.kfsTermsChanged);
  const [accepted] = await tx
    .update(loanKeyFacts)
    .set({ acceptedAt: clock.now(), loanId: input.loanId })
    .where(and(eq(loanKeyFacts.id, input.kfsId), isNull(loanKeyFacts.loanId)))
    .returning({ id: loanKeyFacts.id });
  if (!accepted) throw badRequest(LM.kfsUsed);
}

type Deps = {
  db: Db;
  clock: Clock;
  /** The loans' checked quote: terms, eligibility and pledge, as applying checks them. */
  quoteChecked: (
    client: ClientRow,
    input: QuoteInput,
  ) => Promise<{ product: ProductRow; quote: TLoanQuote; benchmarkBps: number | null }>;
  assertBorrower: (client: ClientRow) => void;
};

export function createKeyFacts({ db, clock, quoteChecked, assertBorrower }: Deps) {
  return {
    /** A new KFS for these terms, stored; the client accepts it by applying with its id. */
    async issue(client: ClientRow, input: QuoteInput): Promise<TKeyFactStatement> {
      assertBorrower(client);
      const { product, quote, benchmarkBps } = await quoteChecked(client, input);
      const now = clock.now();
      const statement = keyFactsOf(product, quote, input.pledges, now, randomUUID(), benchmarkBps);
      await db.insert(loanKeyFacts).values({
        id: statement.id,
        clientId: client.id,
        productId: product.id,
        statement,
        issuedAt: now,
        validUntil: statement.valid_until,
      });
      return statement;
    },

    /** A client's own KFS (any other id is 404, whoever's it is). */
    async ofClient(clientId: string, id: string): Promise<TKeyFactStatement> {
      const [row] = await db
        .select()
        .from(loanKeyFacts)
        .where(and(eq(loanKeyFacts.id, id), eq(loanKeyFacts.clientId, clientId)));
      if (!row) throw notFound(LM.kfsNotFound);
      return parse(row);
    },

    /** The KFS a loan was applied with (the console's loan page). */
    async ofLoan(loanId: string): Promise<TKeyFactStatement | null> {
      const [row] = await db.select().from(loanKeyFacts).where(eq(loanKeyFacts.loanId, loanId));
      return row ? parse(row) : null;
    },
  };
}
export type KeyFacts = ReturnType<typeof createKeyFacts>;
