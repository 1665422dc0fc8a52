import { asc, eq } from 'drizzle-orm';
import { LM } from '@sampada/shared';
import { conflict } from '../../platform/errors.ts';
import type { ClosureDeps } from './closure-deps.ts';
import { loanPledges, loanRepayments } from './tables.ts';

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

/** The no-dues letter's contents: a closed loan of the client's own, else 404 / 409. */
export async function noDuesLetter(
  deps: ClosureDeps,
  clientId: string,
  loanId: string,
): Promise<NoDuesLetter> {
  const { db } = deps;
  const row = await deps.loans.loanOf(loanId, clientId);
  if (row.status !== 'closed' || !row.closedAt || !row.disbursedAt) throw conflict(LM.notClosed);
  const product = await deps.products.byId(row.productId);
  const client = await deps.clients.byId(clientId);
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
    issuedAt: deps.clock.now(),
  };
}
