import { CLIENT_ACCOUNTS, daysInMs, FM } from '@sampada/shared';
import { badRequest } from '../../platform/errors.ts';
import { dayRange } from '../../platform/ist.ts';
import { accountNumber } from '../clients/service.ts';
import type { RecordDeps } from './record-deps.ts';
import type { LedgerStatement } from './statement.ts';

const STATEMENT_MAX_DAYS = 366;

/**
 * Opening balances, every line of the period and closing balances, in one snapshot: the
 * ledger's part of the statement (the statements module adds the trades and the nominees).
 */
export async function clientStatement(
  deps: Pick<RecordDeps, 'db' | 'ledger' | 'clients'>,
  clientId: string,
  from: string,
  to: string,
  generatedAt: Date,
): Promise<LedgerStatement> {
  const { db, ledger, clients } = deps;
  const { start, end } = dayRange(from, to);
  if (end!.getTime() - start!.getTime() > daysInMs(STATEMENT_MAX_DAYS))
    throw badRequest(FM.statementTooLong);
  const client = await clients.byId(clientId);
  const { opening, lines } = await db.transaction(
    async (tx) => ({
      opening: await ledger.openingBalances(clientId, start!, tx),
      lines: await ledger.linesOfClient(clientId, { from: start, to: end, order: 'oldest' }, tx),
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
      postingId: line.postingId,
    })),
  };
}
