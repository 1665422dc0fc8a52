/**
 * Fund records: every ledger line on the client's accounts, the receipt of one posting, the
 * statement of a period and the assets summary. Read through the ledger service; a client
 * only ever sees lines of their own accounts.
 */
import {
  CLIENT_ACCOUNTS,
  FM,
  paiseNumber,
  type TAssets,
  type TClientAccount,
  type TFundRecord,
  type TReceipt,
  type TRecordType,
  daysInMs,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { dayRange } from '../../platform/ist.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { accountNumber, type ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { DepositService } from './deposits.ts';
import type { StatementData } from './statement.ts';
import type { WithdrawalService } from './withdrawals.ts';

const STATEMENT_MAX_DAYS = 366;

type LineRow = Awaited<ReturnType<LedgerService['linesOfClient']>>[number];

const recordOf = (line: LineRow): TFundRecord => ({
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

type Deps = {
  db: Db;
  ledger: LedgerService;
  clients: ClientService;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  holdings: HoldingsValuer;
  loans: LoanBalance;
};

/**
 * What a client's holdings cost and are worth, for the assets summary. The trading module
 * implements it; the composition root (context.ts) hands it over when it builds funds.
 */
export type HoldingsValuer = (
  clientId: string,
) => Promise<{ investedPaise: bigint; currentPaise: bigint; unrealisedPaise: bigint }>;

/**
 * What a client owes on their active loans (principal, interest accrued, fees due), for the
 * assets summary. The credit module implements it; context.ts hands it over.
 */
export type LoanBalance = (clientId: string) => Promise<bigint>;

export function createRecordService({
  db,
  ledger,
  clients,
  deposits,
  withdrawals,
  holdings,
  loans,
}: Deps) {
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
    async receipt(clientId: string, postingId: number, baseUrl: string): Promise<TReceipt> {
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
    },

    /** Opening balances, every line of the period and closing balances, in one snapshot. */
    async statement(
      clientId: string,
      from: string,
      to: string,
      generatedAt: Date,
    ): Promise<StatementData> {
      const { start, end } = dayRange(from, to);
      if (end!.getTime() - start!.getTime() > daysInMs(STATEMENT_MAX_DAYS))
        throw badRequest(FM.statementTooLong);
      const client = await clients.byId(clientId);
      const { opening, lines } = await db.transaction(
        async (tx) => ({
          opening: await ledger.openingBalances(clientId, start!, tx),
          lines: await ledger.linesOfClient(
            clientId,
            { from: start, to: end, order: 'oldest' },
            tx,
          ),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const closing = new Map(opening);
      for (const line of lines) closing.set(line.account, line.balanceAfter);
      const accounts = CLIENT_ACCOUNTS.filter(
        (kind) => kind !== 'loan_principal' || closing.has(kind),
      ).map((kind) => ({
        account: kind,
        opening: opening.get(kind) ?? 0n,
        closing: closing.get(kind) ?? 0n,
      }));
      return {
        client: { name: client.name ?? '', uid: client.uid, account: accountNumber(client.uid) },
        from,
        to,
        generatedAt,
        accounts,
        lines: lines.map((line) => ({
          at: line.createdAt,
          type: line.kind,
          account: line.account,
          memo: line.memo,
          reference: line.reference,
          amount: line.amount,
          balanceAfter: line.balanceAfter,
        })),
      };
    },

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
