/**
 * Customer-service chat (domain.md "Support", docs/api-support.md): the client's widget and
 * the console's inbox. What other modules may use of it is this file.
 */
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ClientService } from '../clients/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { UploadService } from '../uploads/service.ts';
import type { Bus } from '../../platform/bus.ts';
import { createCannedReplies } from './canned.ts';
import { createConversations } from './conversations.ts';
import { createSupportEvents } from './events.ts';
import { type ClientContextSource, createInbox } from './inbox.ts';

export type { ClientContextSource } from './inbox.ts';
export { createSupportLive, CONSOLE_LIVE_PATH } from './live.ts';
export { externalChatOrigin } from './external-chat.ts';

export function createSupportService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  clients: ClientService;
  staff: StaffService;
  uploads: UploadService;
  settings: SettingsService;
  context: ClientContextSource;
}) {
  const { db, clock, clients, staff } = deps;
  const events = createSupportEvents(deps.bus);
  const advisorOf = async (clientId: string, executor?: Executor) =>
    (await clients.byId(clientId, executor)).advisorId;
  const conversations = createConversations({
    db,
    clock,
    staff,
    uploads: deps.uploads,
    settings: deps.settings,
    events,
    advisorOf,
  });
  const inbox = createInbox({
    db,
    clock,
    clients,
    staff,
    conversations,
    events,
    context: deps.context,
  });
  const canned = createCannedReplies(db, clock);

  /**
   * The client typing: the agents who may see the conversation hear it, with its id (issue 31:
   * it went out empty). Before the first message there is no conversation to type into.
   */
  async function clientTyping(clientId: string) {
    const conversationId = await conversations.idOf(clientId);
    if (!conversationId) return;
    events.publish({
      clientId,
      advisorId: await advisorOf(clientId),
      frame: {
        type: 'chat',
        event: 'typing',
        conversation_id: conversationId,
        client_id: clientId,
        by: 'client',
        agent_name: null,
      },
    });
  }

  return { conversations, inbox, canned, events, clientTyping };
}
export type SupportService = ReturnType<typeof createSupportService>;
