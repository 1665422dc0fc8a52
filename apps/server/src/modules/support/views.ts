/** Rows to the wire shapes of packages/shared/src/support.ts. */
import type { TChatMessage } from '@sampada/shared';
import type { supportConversations, supportMessages } from './tables.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

/**
 * One message. A client's message is `read` once an agent read up to it, `delivered` once an
 * agent's inbox fetched it; a staff message is `read` once the client read up to it.
 */
export function messageView(
  row: MessageRow,
  conversation: Pick<ConversationRow, 'clientReadSeq' | 'staffDeliveredSeq' | 'staffReadSeq'>,
  agentNames: Map<string, string>,
  imageUrl: (uploadId: string) => string,
): TChatMessage {
  const status =
    row.authorType === 'client'
      ? row.seq <= conversation.staffReadSeq
        ? 'read'
        : row.seq <= conversation.staffDeliveredSeq
          ? 'delivered'
          : 'sent'
      : row.seq <= conversation.clientReadSeq
        ? 'read'
        : 'sent';
  return {
    id: row.id,
    seq: row.seq,
    author: row.authorType === 'staff' ? 'staff' : 'client',
    agent_name: row.authorStaffId ? (agentNames.get(row.authorStaffId) ?? 'Support') : null,
    text: row.body,
    image_url: row.imageUploadId ? imageUrl(row.imageUploadId) : null,
    status,
    created_at: row.createdAt.toISOString(),
  };
}
