import { paiseNumber, type TClientLedger } from '@sampada/shared';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import { assertSees, type Viewer } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';

/**
 * The console's view of one client's ledger: balances and postings, newest first; 403
 * for a client the viewer may not see.
 */
export async function clientLedger(
  deps: { clients: ClientService; ledger: LedgerService },
  viewer: Viewer,
  clientId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<TClientLedger> {
  const { clients, ledger } = deps;
  const client = await clients.byId(clientId);
  assertSees(viewer, client.advisorId);
  const cursor = decodeCursor(page.cursor, 1);
  const [balances, postings] = await Promise.all([
    ledger.balancesOf(clientId),
    ledger.postingsOfClient(clientId, cursor ? Number(cursor[0]) : undefined, page.limit),
  ]);
  const items = postings.slice(0, page.limit);
  const last = items[items.length - 1];
  return {
    client: { id: client.id, uid: client.uid, name: client.name, mobile: client.mobile },
    balances: {
      cash_available_paise: paiseNumber(balances.cash_available),
      cash_on_hold_paise: paiseNumber(balances.cash_on_hold),
      loan_principal_paise: paiseNumber(balances.loan_principal),
    },
    postings: {
      items: items.map((p) => ({
        id: String(p.id),
        kind: p.kind,
        memo: p.memo,
        reference: p.reference,
        created_at: p.createdAt.toISOString(),
        lines: p.lines.map((l) => ({
          account: l.account,
          client_id: l.clientId,
          amount_paise: paiseNumber(l.amount),
          balance_after_paise: l.clientId ? paiseNumber(l.balanceAfter) : null,
        })),
      })),
      next_cursor: postings.length > page.limit && last ? encodeCursor([last.id]) : null,
    },
  };
}
