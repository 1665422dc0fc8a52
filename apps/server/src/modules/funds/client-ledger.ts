import { paiseNumber, type TClientLedger } from '@sampada/shared';
import { decodeCursor } from '../../platform/cursor.ts';
import { assertSees, type Viewer } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import { type LedgerService, postingPage } from '../ledger/service.ts';

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
  return {
    client: { id: client.id, uid: client.uid, name: client.name, mobile: client.mobile },
    balances: {
      cash_available_paise: paiseNumber(balances.cash_available),
      cash_on_hold_paise: paiseNumber(balances.cash_on_hold),
      loan_principal_paise: paiseNumber(balances.loan_principal),
    },
    postings: postingPage(postings, page.limit),
  };
}
