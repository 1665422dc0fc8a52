import { and, eq } from 'drizzle-orm';
import { LM } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { loans } from './tables.ts';

/** The loan's row, locked for the transaction (of this client when given; else 404). */
export async function lockLoan(tx: Tx, loanId: string, clientId?: string) {
  const [row] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), clientId ? eq(loans.clientId, clientId) : undefined))
    .for('update');
  if (!row) throw notFound(LM.loanNotFound);
  return row;
}
