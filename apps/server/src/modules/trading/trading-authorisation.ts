import { TM } from '@sampada/shared';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import type { Authorisation } from './placement-deps.ts';

/** The client placing or changing an order: KYC approved, and their PIN or their API app. */
export async function authorisedClient(
  clients: ClientService,
  clientId: string,
  pin: string,
  options: Authorisation,
): Promise<ClientRow> {
  if (options.api) return approved(await clients.byId(clientId));
  // The row and the session's trading window in one read: every order placed in the app
  // passes here, most of them inside the window. A buy at the open has them from its guard,
  // which read them with the session (decision 084).
  const { client, window } =
    options.trader ?? (await clients.withTradingWindow(clientId, options.sessionId));
  approved(client);
  if (!client.pinHash) throw badRequest(TM.setPinToTrade);
  // Outside a transaction: a wrong PIN must count even though the order fails. Within the
  // session's trading window this is an HMAC comparison, not a 45 ms argon2id hash.
  await clients.verifyTradingPin(client, pin, options.sessionId, window);
  return client;
}

function approved(client: ClientRow): ClientRow {
  if (client.kycStatus !== 'approved') throw forbidden(TM.kycRequired);
  return client;
}
