import { eq } from 'drizzle-orm';
import { BUILTIN_CHAT_SERVICE, type TChatHistory } from '@sampada/shared';
import type { ConversationDeps } from './conversation-deps.ts';
import { messagePage, unreadFor } from './conversation-reads.ts';
import { externalChatScript } from './external-chat.ts';
import { isOpenNow } from './office-hours.ts';
import { supportConversations as conv } from './tables.ts';

/** The client's view: their conversation's state, desk hours and a page of history. */
export async function chatHistory(
  deps: ConversationDeps,
  clientId: string,
  query: { before?: number | undefined; limit: number },
): Promise<TChatHistory> {
  const { db, staff, settings, clock } = deps;
  const all = await settings.all();
  const [c] = await db.select().from(conv).where(eq(conv.clientId, clientId));
  const agent = c?.assigneeId ? (await staff.namesOf([c.assigneeId])).get(c.assigneeId) : null;
  const conversation = {
    status: c ? (c.status as 'open' | 'closed') : ('none' as const),
    agent_name: agent?.name ?? null,
    unread: c ? await unreadFor(db, c.id, 'staff', c.clientReadSeq) : 0,
    office_hours: all.chat.office_hours,
    open_now: isOpenNow(all.chat.office_hours, clock.now()),
    reply_minutes: all.chat.reply_minutes,
    service: all.chat_service ?? BUILTIN_CHAT_SERVICE,
    script_url: externalChatScript(all),
  };
  if (!c) return { conversation, items: [], next_before: null };
  return { conversation, ...(await messagePage(deps, c, query.before, query.limit)) };
}
