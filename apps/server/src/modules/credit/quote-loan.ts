/** A quote checked against the product and against what the client holds free to pledge. */
import { LM, type TPledgeLine } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ClientRow } from '../clients/service.ts';
import { pricedOn } from './benchmark.ts';
import { type LoanDeps, type QuoteInput, todayOf } from './loan-deps.ts';
import { checkTerms, eligibilityOf, quoteOf } from './loan-terms.ts';

/**
 * The pledge's value at the feed's prices, checked against what the client holds free now
 * (the guarded UPDATE at application is what holds in a race).
 */
async function valuePledge(
  deps: LoanDeps,
  clientId: string,
  lines: TPledgeLine[],
  executor: Executor = deps.db,
) {
  if (lines.length === 0) return null;
  const held = new Map(
    (await deps.pledges.holdingsOf(executor, clientId)).map((h) => [h.symbol, h] as const),
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

export async function quoteChecked(deps: LoanDeps, client: ClientRow, input: QuoteInput) {
  // A floating product is priced on today's benchmark: the rate the KFS names and the loan copies.
  const { product, benchmarkBps } = await pricedOn(
    deps.db,
    await deps.products.byId(input.product_id),
    todayOf(deps),
  );
  checkTerms(product, input);
  const value = await valuePledge(deps, client.id, input.pledges);
  const eligibility = eligibilityOf(product, value);
  if (eligibility !== null && input.amount_paise > eligibility)
    throw badRequest(LM.amountAboveEligibility(eligibility));
  return {
    product,
    value,
    benchmarkBps,
    quote: quoteOf(product, input, value, todayOf(deps)),
  };
}
