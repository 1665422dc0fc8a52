import { eq } from 'drizzle-orm';
import { mayAccess, SM, type TStaffRole } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { afterCommit, inTransaction } from '../../platform/transaction.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { InboxDeps } from './inbox-deps.ts';
import { conversationView, visible } from './inbox-visibility.ts';
import { supportConversations as conv } from './tables.ts';

/** Who may take the client's conversation: support and admin, or the client's own advisor. */
async function assertMayTake(deps: InboxDeps, clientId: string, assigneeId: string) {
  const person = await deps.staff.findById(assigneeId);
  const roles = (person?.roles ?? []) as TStaffRole[];
  const advisorId = (await deps.clients.byId(clientId)).advisorId;
  const mayTake =
    !!person?.active &&
    (mayAccess(roles, 'everyClient') && mayAccess(roles, 'supportChat')
      ? true
      : roles.includes('advisor') && advisorId === person.id);
  if (!mayTake) throw badRequest(SM.assigneeInvalid);
}

export async function assignConversation(
  deps: InboxDeps,
  viewer: Viewer,
  id: string,
  assigneeId: string | null,
  actor: Actor,
) {
  const { db, clients, events } = deps;
  const c = await visible(deps, viewer, id);
  if (assigneeId !== null) await assertMayTake(deps, c.clientId, assigneeId);
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(conv).where(eq(conv.id, id)).for('update');
    await tx.update(conv).set({ assigneeId }).where(eq(conv.id, id));
    await recordAudit(tx, actor, {
      action: 'support.assign',
      subjectType: 'support_conversation',
      subjectId: id,
      before: { assignee_id: before?.assigneeId ?? null },
      after: { assignee_id: assigneeId },
    });
    const advisorId = (await clients.byId(c.clientId, tx)).advisorId;
    afterCommit(tx, () =>
      events.publish({
        clientId: c.clientId,
        advisorId,
        frame: {
          type: 'chat',
          event: 'conversation',
          conversation_id: id,
          client_id: c.clientId,
          status: before!.status as 'open' | 'closed',
          assignee_id: assigneeId,
        },
      }),
    );
  });
  return conversationView(deps, viewer, id);
}
