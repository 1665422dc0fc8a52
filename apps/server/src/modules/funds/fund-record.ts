import { paiseNumber, type TFundRecord } from '@sampada/shared';
import type { LedgerService } from '../ledger/service.ts';

type LineRow = Awaited<ReturnType<LedgerService['linesOfClient']>>[number];

/** One ledger line on a client's account, as the client's records show it. */
export const recordOf = (line: LineRow): TFundRecord => ({
  id: String(line.id),
  posting_id: String(line.postingId),
  type: line.kind,
  account: line.account,
  amount_paise: paiseNumber(line.amount),
  balance_after_paise: paiseNumber(line.balanceAfter),
  memo: line.memo,
  reference: line.reference,
  created_at: line.createdAt.toISOString(),
});
