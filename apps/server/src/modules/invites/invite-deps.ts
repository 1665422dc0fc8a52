/** What the invitation use cases are built on, and the row they keep. */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ClientService } from '../clients/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { invitationCodes } from './tables.ts';

export type InviteRow = typeof invitationCodes.$inferSelect;

/** What the invitation list shows of other modules: advisors' emails, who signed up. */
export type InvitePorts = {
  staff: Pick<StaffService, 'namesOf'>;
  clients: Pick<ClientService, 'signedUpWith'>;
};

export type InviteDeps = { db: Db; clock: Clock; ports: InvitePorts };
