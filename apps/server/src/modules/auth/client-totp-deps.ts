import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ClientService } from '../clients/service.ts';
import type { PasswordAttempts } from './password-attempts.ts';
import type { clientTotp } from './tables.ts';

export type TotpRow = typeof clientTotp.$inferSelect;

export type ClientTotpDeps = {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  clients: Pick<ClientService, 'byId'>;
  attempts: PasswordAttempts;
  /** The firm's setting: clients must have a second factor. */
  required: () => Promise<boolean>;
};
