import {
  LM,
  rupeeAmount,
  type TCreditProduct,
  type TPledgeableHolding,
  ZLoanTerms,
} from '@sampada/shared';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { ZPinTyped } from '../../../components/pin-field';

/**
 * The lists open in the fixed slide-up drawer, so they are placed as fixed too. Placed in the
 * page (absolute, the default), a list wider than the room beside its field widened a 375 px
 * page: the phone's layout viewport grew, the drawer and field moved, the list was placed
 * again, and the page never settled (the tenure click the phone run of the loan spec never
 * completed). A fixed list adds nothing to the page's width.
 */
export const IN_DRAWER = { floatingStrategy: 'fixed' } as const;

/**
 * The form: the API's own fields (product, tenure) from the shared request schema; the
 * amount typed in rupees and checked here as funds checks it (sent as its 2-decimal text), a quantity per holding (0: not pledged) and
 * the 6-digit PIN typed before it is hashed.
 */
export const ZLoanApplicationForm = z.object({
  product_id: ZLoanTerms.shape.product_id,
  tenure_months: ZLoanTerms.shape.tenure_months,
  amount: rupeeAmount(1n, LM.amountPositive),
  // A holding's box the client never touched is registered with no value: it pledges nothing
  // (a required number here failed the whole form silently, issue 31).
  pledges: z.record(z.string(), z.number().int().min(0, LM.pledgeQuantityInvalid).optional()),
  pin: ZPinTyped,
});
export type TLoanFormInput = z.input<typeof ZLoanApplicationForm>;
export type TLoanFormOutput = z.output<typeof ZLoanApplicationForm>;

export const pledgeLines = (quantities: Record<string, number | undefined>) =>
  Object.entries(quantities)
    .filter(([, quantity]) => Number.isInteger(quantity) && (quantity ?? 0) > 0)
    .map(([symbol, quantity]) => ({ symbol, quantity: quantity! }));

/**
 * The first reason the form refused, wherever it sits (a pledge's quantity has no message of
 * its own on screen), so that Apply never does nothing without saying why.
 */
export function firstErrorMessage(errors: FieldErrors): string | null {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    if (typeof value.message === 'string' && value.message) return value.message;
    const nested = firstErrorMessage(value as FieldErrors);
    if (nested) return nested;
  }
  return null;
}

/** LTV × Σ price × quantity pledged, in paise: what the pledge lets the client borrow. */
export function eligibilityOf(
  product: TCreditProduct | undefined,
  holdings: TPledgeableHolding[],
  quantities: Record<string, number | undefined>,
) {
  if (!product || product.ltv_bps === null) return null;
  let value = 0n;
  for (const line of pledgeLines(quantities)) {
    const price = holdings.find((h) => h.symbol === line.symbol)?.price_paise;
    if (price != null) value += BigInt(price) * BigInt(line.quantity);
  }
  return { value, eligible: (value * BigInt(product.ltv_bps)) / 10_000n };
}
