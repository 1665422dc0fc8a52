/** Who may move money: a client whose KYC is approved, and for some actions their PIN. */
import { FM } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';

export function createFundsAccess(clients: ClientService) {
  return {
    async approvedClient(clientId: string, executor?: Executor): Promise<ClientRow> {
      const client = await clients.byId(clientId, executor);
      if (client.kycStatus !== 'approved') throw forbidden(FM.kycRequired);
      return client;
    },

    /**
     * The PIN through the clients module, with its lockout (5 wrong → 30 minutes). Runs
     * outside any transaction: a wrong guess must count even though the request fails.
     */
    async checkPin(client: ClientRow, pin: string, notSetMessage: string) {
      if (!client.pinHash) throw badRequest(notSetMessage);
      await clients.verifyPin(client.id, pin);
    },
  };
}
export type FundsAccess = ReturnType<typeof createFundsAccess>;
