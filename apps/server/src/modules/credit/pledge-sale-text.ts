/**
 * The loan's event for a settled sale of pledged shares, in words staff and the client read on
 * the loan. What the sale raised went to the client's cash with the fill; only `applied` of it
 * was taken back for the loan.
 */
import { formatPaise } from '@sampada/shared';

export function pledgeSaleEventText(sale: {
  symbol: string;
  quantity: number;
  soldQuantity: number;
  proceedsPaise: bigint;
  appliedPaise: bigint;
  /** Whether the loan was still running when the sale settled. */
  loanOpen: boolean;
}): string {
  const sold = `${sale.soldQuantity} of ${sale.quantity} pledged ${sale.symbol} sold for ${formatPaise(sale.proceedsPaise)}`;
  if (sale.appliedPaise > 0n)
    return `${sold}; ${formatPaise(sale.appliedPaise)} applied to the loan.`;
  if (sale.proceedsPaise === 0n) return `${sold}; nothing applied to the loan.`;
  // Not "₹0.00 applied" (issue 31): say where the money is.
  return sale.loanOpen
    ? `${sold}; nothing applied to the loan, the proceeds stay in the client's cash.`
    : `${sold}; the loan had closed, so the proceeds stay in the client's cash.`;
}
