import { FM, type TClientAccount, type TReceipt } from '@sampada/shared';
import { notFound } from '../../platform/errors.ts';
import { recordOf } from './fund-record.ts';
import type { RecordDeps } from './record-deps.ts';

/** One posting as the client's receipt: their lines and the deposit or withdrawal. */
export async function postingReceipt(
  deps: Pick<RecordDeps, 'ledger' | 'deposits' | 'withdrawals'>,
  clientId: string,
  postingId: number,
  baseUrl: string,
): Promise<TReceipt> {
  const { ledger, deposits, withdrawals } = deps;
  const posting = Number.isSafeInteger(postingId) ? await ledger.posting(postingId) : null;
  const own = posting?.lines.filter((line) => line.clientId === clientId) ?? [];
  if (!posting || own.length === 0) throw notFound(FM.recordNotFound);
  const [deposit, withdrawal] = await Promise.all([
    deposits.forReceipt(posting.reference, baseUrl),
    withdrawals.forReceipt(posting.reference),
  ]);
  return {
    posting_id: String(posting.id),
    type: posting.kind,
    memo: posting.memo,
    reference: posting.reference,
    created_at: posting.createdAt.toISOString(),
    lines: own.map((line) =>
      recordOf({
        ...line,
        account: line.account as TClientAccount,
        kind: posting.kind,
        memo: posting.memo,
        reference: posting.reference,
      }),
    ),
    deposit,
    withdrawal,
  };
}
