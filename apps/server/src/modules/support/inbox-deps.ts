import type { TClientContext } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ClientService } from '../clients/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { Conversations } from './conversations.ts';
import type { SupportEvents } from './events.ts';

/** What the client's context panel shows from other modules (wired in context.ts). */
export type ClientContextSource = {
  applications(clientId: string): Promise<TClientContext['open_applications']>;
  orders(clientId: string): Promise<TClientContext['recent_orders']>;
  funds(clientId: string): Promise<TClientContext['recent_funds']>;
};

export type InboxDeps = {
  db: Db;
  clock: Clock;
  clients: ClientService;
  staff: StaffService;
  conversations: Conversations;
  events: SupportEvents;
  context: ClientContextSource;
};
