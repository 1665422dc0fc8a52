import { TM } from '@sampada/shared';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import type { Authorisation } from './placement-deps.ts';

async function approvedClient(clients: ClientService, clientId: string): Promise<ClientRow> {
  const client = await clients.byId(clientId);
  if (client.kycStatus !== 'approved') throw forbidden(TM.kycRequired);
  return client;
}

/** The client placing or changing an order: KYC approved, and their PIN or their API app. */
export async function authorisedClient(
  clients: ClientService,
  clientId: string,
  pin: string,
  options: Authorisation,
): Promise<ClientRow> {
  const client = await approvedClient(clients, clientId);
  if (!options.api) {
    if (!client.pinHash) throw badRequest(TM.setPinToTrade);
    // Outside a transaction: a wrong PIN must count even though the order fails. Within the
    // session's trading window this is an HMAC comparison, not a 45 ms argon2id hash.
    await clients.verifyTradingPin(client, pin, options.sessionId);
  }
  return client;
}
