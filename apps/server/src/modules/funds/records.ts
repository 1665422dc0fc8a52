/**
 * Fund records: every ledger line on the client's accounts, the receipt of one posting, the
 * statement of a period and the assets summary. Read through the ledger service; a client
 * only ever sees lines of their own accounts.
 */
import { paiseNumber, type TAssets, type TReceipt, type TRecordType } from '@sampada/shared';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { dayRange } from '../../platform/ist.ts';
import { clientStatement } from './client-statement.ts';
import { recordOf } from './fund-record.ts';
import { postingReceipt } from './posting-receipt.ts';
import type { RecordDeps } from './record-deps.ts';
import type { LedgerStatement } from './statement.ts';

export type { HoldingsValuer, LoanBalance, RecordDeps } from './record-deps.ts';

export function createRecordService(deps: RecordDeps) {
  const { ledger, holdings, loans } = deps;
  return {
    async list(
      clientId: string,
      query: { type?: TRecordType; from?: string; to?: string; cursor?: string; limit: number },
    ) {
      const { start, end } = dayRange(query.from, query.to);
      const cursor = decodeCursor(query.cursor, 1);
      const rows = await ledger.linesOfClient(clientId, {
        kind: query.type,
        from: start,
        to: end,
        beforeId: cursor ? Number(cursor[0]) : undefined,
        limit: query.limit + 1,
      });
      const page = pageOf(rows, query.limit, (row) => [row.id]);
      return { items: page.items.map(recordOf), next_cursor: page.next_cursor };
    },

    /** One posting as the client's receipt: their lines and the deposit or withdrawal. */
    receipt: (clientId: string, postingId: number, baseUrl: string): Promise<TReceipt> =>
      postingReceipt(deps, clientId, postingId, baseUrl),

    /** Opening balances, every line of the period and closing balances, in one snapshot. */
    statement: (
      clientId: string,
      from: string,
      to: string,
      generatedAt: Date,
    ): Promise<LedgerStatement> => clientStatement(deps, clientId, from, to, generatedAt),

    async assets(clientId: string): Promise<TAssets> {
      const [balances, held, owed] = await Promise.all([
        ledger.balancesOf(clientId),
        holdings(clientId),
        loans(clientId),
      ]);
      const total = balances.cash_available + balances.cash_on_hold + held.currentPaise;
      return {
        currency: 'INR',
        cash_available_paise: paiseNumber(balances.cash_available),
        cash_on_hold_paise: paiseNumber(balances.cash_on_hold),
        invested_value_paise: paiseNumber(held.investedPaise),
        // Holdings are always valued (trading is always built); the web still reads the field.
        holdings_tracked: true,
        holdings_value_paise: paiseNumber(held.currentPaise),
        unrealised_pnl_paise: paiseNumber(held.unrealisedPaise),
        total_paise: paiseNumber(total),
        loan_balance_paise: paiseNumber(owed),
      };
    },
  };
}
export type RecordService = ReturnType<typeof createRecordService>;
