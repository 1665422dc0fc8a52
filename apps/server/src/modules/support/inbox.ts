/**
 * The console's inbox: conversations by filter with unread counts and waiting time, one
 * thread, assignment, close and reopen, and the client's context beside the thread. An
 * advisor sees only their own clients' conversations (Viewer.seesAdvisor); a conversation
 * outside the viewer's scope answers 404, as if it did not exist.
 */
import type { TInboxFilter } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { assignConversation } from './assign-conversation.ts';
import type { StaffSend } from './conversation-deps.ts';
import type { InboxDeps } from './inbox-deps.ts';
import { assignableAgents, clientContext } from './inbox-people.ts';
import { inboxThread, readThread, sendReply, staffTyping } from './inbox-thread.ts';
import { inboxCounts, listInbox } from './list-inbox.ts';
import { moveConversation } from './move-conversation.ts';

export type { ClientContextSource } from './inbox-deps.ts';

export function createInbox(deps: InboxDeps) {
  return {
    list: (
      viewer: Viewer,
      query: { filter: TInboxFilter; cursor?: string | undefined; limit: number },
    ) => listInbox(deps, viewer, query),
    counts: (viewer: Viewer) => inboxCounts(deps, viewer),
    thread: (viewer: Viewer, id: string, query: { before?: number | undefined; limit: number }) =>
      inboxThread(deps, viewer, id, query),
    read: (viewer: Viewer, id: string, seq: number) => readThread(deps, viewer, id, seq),
    send: (viewer: Viewer, id: string, input: StaffSend, ip?: string) =>
      sendReply(deps, viewer, id, input, ip),
    assign: (viewer: Viewer, id: string, assigneeId: string | null, actor: Actor) =>
      assignConversation(deps, viewer, id, assigneeId, actor),
    move: (viewer: Viewer, id: string, action: 'close' | 'reopen', actor: Actor) =>
      moveConversation(deps, viewer, id, action, actor),
    clientContext: (viewer: Viewer, id: string) => clientContext(deps, viewer, id),
    typing: (viewer: Viewer, name: string, id: string) => staffTyping(deps, viewer, name, id),
    agents: () => assignableAgents(deps),
  };
}
export type Inbox = ReturnType<typeof createInbox>;
