/**
 * The chat's write side and the client's reads: sending (client and staff), history, read
 * marks. Every send locks the client's conversation row, so sequence numbers are gap-free and
 * in order, a repeated id finds its first row, and the per-client rate count is exact across
 * instances (it counts stored messages, not requests). A client's send is one database call
 * (client-send.ts), since it is the busiest write of the chat.
 */
import { eq } from 'drizzle-orm';
import type { TChatSend } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { chatHistory } from './chat-history.ts';
import {
  type ConversationDeps,
  type ConversationOptions,
  imageLinker,
  type StaffSend,
} from './conversation-deps.ts';
import { CONVERSATION } from './conversation-lifecycle.ts';
import { lockConversation, messagePage, messageViews, unreadFor } from './conversation-reads.ts';
import { markByStaff, readByClient } from './read-marks.ts';
import { sendFromClient } from './send-from-client.ts';
import { sendFromStaff } from './send-from-staff.ts';
import { supportConversations as conv } from './tables.ts';
import type { ConversationRow, MessageRow } from './views.ts';

export { CONVERSATION } from './conversation-lifecycle.ts';
export { imageLinker, type StaffSend } from './conversation-deps.ts';

export function createConversations(options: ConversationOptions) {
  const { db } = options;
  const deps: ConversationDeps = { ...options, imageUrl: imageLinker(options.uploads) };

  return {
    CONVERSATION,
    views: (rows: MessageRow[], c: ConversationRow, executor: Executor = db) =>
      messageViews(deps, rows, c, executor),
    unreadFor: (
      conversationId: string,
      author: 'client' | 'staff',
      readSeq: number,
      executor: Executor = db,
    ) => unreadFor(executor, conversationId, author, readSeq),
    lockConversation,
    history: (clientId: string, query: { before?: number | undefined; limit: number }) =>
      chatHistory(deps, clientId, query),
    sendFromClient: (
      client: { id: string; advisorId: string | null },
      input: Required<Pick<TChatSend, 'id'>> & {
        text: string;
        image_url?: string | null | undefined;
      },
      actor: Actor,
    ) => sendFromClient(deps, client, input, actor),
    sendFromStaff: (
      conversationId: string,
      input: StaffSend,
      author: { staffId: string; ip?: string },
      assertVisible: (c: ConversationRow, executor: Executor) => Promise<void>,
    ) => sendFromStaff(deps, conversationId, input, author, assertVisible),

    /** The client's one conversation's id, or null before their first message. */
    async idOf(clientId: string): Promise<string | null> {
      const [c] = await db.select({ id: conv.id }).from(conv).where(eq(conv.clientId, clientId));
      return c?.id ?? null;
    },
    readByClient: (clientId: string, seq: number) => readByClient(deps, clientId, seq),
    markByStaff: (c: ConversationRow, seq: number, read: boolean) =>
      markByStaff(deps, c, seq, read),
    page: (c: ConversationRow, before: number | undefined, limit: number) =>
      messagePage(deps, c, before, limit),
  };
}

export type Conversations = ReturnType<typeof createConversations>;
