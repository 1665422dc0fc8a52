import { randomUUID } from 'node:crypto';
import { FM, type TDepositView } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { depositAccount, receiptUrlOf } from './deposit-account.ts';
import type { DepositDeps, DepositInput, DepositRow } from './deposit-deps.ts';
import { depositsWithUtr } from './deposit-queries.ts';
import { deposits } from './tables.ts';
import { depositView } from './views.ts';

/** The client tells us of a transfer they made (its UTR); operations confirm it later. */
export async function requestDeposit(
  deps: DepositDeps,
  clientId: string,
  input: DepositInput,
  options: { baseUrl: string; actor: Actor; transaction?: TransactionRunner },
): Promise<TDepositView> {
  const { db, clock, settings, uploads, access } = deps;
  if (!(await depositAccount(settings)).configured) throw badRequest(FM.depositAccountMissing);
  await access.approvedClient(clientId);
  const receipt = input.receipt_url
    ? await uploads.ownedUploadFromUrl(clientId, input.receipt_url)
    : null;
  if (input.receipt_url && !receipt) throw badRequest(FM.receiptNotYours);
  const transaction = options.transaction ?? plainTransaction(db);
  return transaction(async (tx) => {
    const seen = await depositsWithUtr(tx, input.utr);
    if (seen.some((d) => d.status === 'confirmed')) throw badRequest(FM.utrAlreadyCredited);
    if (seen.some((d) => d.clientId === clientId)) throw badRequest(FM.utrAlreadySubmitted);
    let row: DepositRow | undefined;
    try {
      [row] = await tx
        .insert(deposits)
        .values({
          id: randomUUID(),
          clientId,
          amount: input.amount,
          method: input.method,
          utr: input.utr,
          receiptUploadId: receipt?.id ?? null,
          createdAt: clock.now(),
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(FM.utrAlreadySubmitted);
      throw error;
    }
    await recordAudit(tx, options.actor, {
      action: 'deposit.request',
      subjectType: 'deposit',
      subjectId: row!.id,
      after: {
        clientId,
        amountPaise: input.amount.toString(),
        method: input.method,
        utr: input.utr,
      },
    });
    return depositView(row!, receiptUrlOf(uploads, options.baseUrl, row!));
  });
}
