/** One thread in the console: a page of it, read marks, a reply, the agent typing. */
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { StaffSend } from './conversation-deps.ts';
import type { InboxDeps } from './inbox-deps.ts';
import { conversationView, visible } from './inbox-visibility.ts';
import type { ConversationRow } from './views.ts';

/** One thread page; fetching it marks the client's messages delivered. */
export async function inboxThread(
  deps: InboxDeps,
  viewer: Viewer,
  id: string,
  query: { before?: number | undefined; limit: number },
) {
  const { conversations } = deps;
  let c: ConversationRow = await visible(deps, viewer, id);
  if (!query.before && c.lastSeq > c.staffDeliveredSeq)
    c = await conversations.markByStaff(c, c.lastSeq, false);
  const page = await conversations.page(c, query.before, query.limit);
  return {
    conversation: await conversationView(deps, viewer, id),
    ...page,
    client_read_seq: c.clientReadSeq,
  };
}

export async function readThread(deps: InboxDeps, viewer: Viewer, id: string, seq: number) {
  const c = await visible(deps, viewer, id);
  await deps.conversations.markByStaff(c, seq, true);
  return conversationView(deps, viewer, id);
}

export function sendReply(
  deps: InboxDeps,
  viewer: Viewer,
  id: string,
  input: StaffSend,
  ip?: string,
) {
  const assertVisible = async (c: ConversationRow, executor: Executor) => {
    await visible(deps, viewer, c.id, executor);
  };
  return deps.conversations.sendFromStaff(
    id,
    input,
    { staffId: viewer.staffId, ip },
    assertVisible,
  );
}

/** An agent typing: the client hears it with the agent's name. */
export async function staffTyping(deps: InboxDeps, viewer: Viewer, name: string, id: string) {
  const c = await visible(deps, viewer, id);
  deps.events.publish({
    clientId: c.clientId,
    advisorId: null,
    frame: {
      type: 'chat',
      event: 'typing',
      conversation_id: id,
      client_id: c.clientId,
      by: 'staff',
      agent_name: name,
    },
  });
}
