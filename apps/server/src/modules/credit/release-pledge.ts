import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanPledges } from './tables.ts';
import type { LoanRow } from './views.ts';

/** Gives back what a loan still holds in pledge (closing, cancelling, rejecting). */
export async function releasePledge(deps: LoanDeps, tx: Tx, row: LoanRow) {
  const held = await tx
    .update(loanPledges)
    .set({ releasedAt: deps.clock.now() })
    .where(and(eq(loanPledges.loanId, row.id), isNull(loanPledges.releasedAt)))
    .returning();
  const lines = held
    .map((p) => ({ symbol: p.symbol, quantity: p.quantity - p.invokedQuantity }))
    .filter((l) => l.quantity > 0);
  await deps.pledges.release(tx, row.clientId, lines);
  return lines;
}
