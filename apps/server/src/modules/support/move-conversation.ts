import type { Actor } from '../../platform/audit.ts';
import { afterCommit, inTransaction } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { CONVERSATION } from './conversation-lifecycle.ts';
import type { InboxDeps } from './inbox-deps.ts';
import { conversationView, visible } from './inbox-visibility.ts';

/** Closes or reopens a conversation; the watchers hear its new status once committed. */
export async function moveConversation(
  deps: InboxDeps,
  viewer: Viewer,
  id: string,
  action: 'close' | 'reopen',
  actor: Actor,
) {
  const { db, clock, clients, events } = deps;
  const c = await visible(deps, viewer, id);
  const advisorId = (await clients.byId(c.clientId)).advisorId;
  await inTransaction(db, async (tx) => {
    const moved = await applyTransition(tx, CONVERSATION, action, {
      id,
      at: clock.now(),
      set: { closedAt: action === 'close' ? clock.now() : null },
      audit: { actor },
    });
    afterCommit(tx, () =>
      events.publish({
        clientId: c.clientId,
        advisorId,
        frame: {
          type: 'chat',
          event: 'conversation',
          conversation_id: id,
          client_id: c.clientId,
          status: moved.status as 'open' | 'closed',
          assignee_id: moved.assigneeId,
        },
      }),
    );
  });
  return conversationView(deps, viewer, id);
}
