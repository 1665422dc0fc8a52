import { SM, type TChatMessage, type TChatSend } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import { storeClientMessage } from './client-send.ts';
import type { ConversationDeps } from './conversation-deps.ts';
import { CONVERSATION } from './conversation-lifecycle.ts';
import { lockConversation } from './conversation-reads.ts';
import { messageView } from './views.ts';

/**
 * The client writes. Idempotent by id; 20 stored messages a minute at most. One round trip
 * to the database function (migration 0021) stores it; only a closed conversation takes a
 * transaction, to reopen it with its audit row before the same function stores the message.
 * `advisorId` is read with the session (the route's client row), so the bus event needs no
 * query of its own.
 */
export async function sendFromClient(
  { db, clock, uploads, events, imageUrl }: ConversationDeps,
  client: { id: string; advisorId: string | null },
  input: Required<Pick<TChatSend, 'id'>> & {
    text: string;
    image_url?: string | null | undefined;
  },
  actor: Actor,
): Promise<{ message: TChatMessage; duplicate: boolean }> {
  // Resolved before the message is written: a link that is not the client's own upload is
  // a 400 and nothing is written.
  let imageUploadId: string | null = null;
  if (input.image_url) {
    const upload = await uploads.ownedUploadFromUrl(client.id, input.image_url);
    if (!upload) throw badRequest(SM.imageNotYours);
    imageUploadId = upload.id;
  }
  const now = clock.now();
  const send = { id: input.id, clientId: client.id, body: input.text, imageUploadId, now };
  let sent = await storeClientMessage(db, send);
  if (sent.outcome === 'closed')
    sent = await inTransaction(db, async (tx) => {
      const c = await lockConversation(tx, sent.conversationId);
      if (c.status === 'closed')
        await applyTransition(tx, CONVERSATION, 'reopen', {
          id: c.id,
          at: now,
          set: { closedAt: null },
          audit: { actor, details: () => ({ by: 'client message' }) },
        });
      return storeClientMessage(tx, send);
    });
  const message = messageView(sent.row, sent.marks, new Map(), imageUrl);
  if (sent.outcome === 'stored')
    events.publish({
      clientId: client.id,
      advisorId: client.advisorId,
      frame: {
        type: 'chat',
        event: 'message',
        conversation_id: sent.conversationId,
        client_id: client.id,
        message,
      },
    });
  return { message, duplicate: sent.outcome === 'duplicate' };
}
