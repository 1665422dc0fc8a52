/** Canned replies: an admin keeps them; agents pick one to start a reply from. */
import { asc, eq } from 'drizzle-orm';
import { SM, type TCannedReply } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { supportCannedReplies as canned } from './tables.ts';

const view = (row: typeof canned.$inferSelect): TCannedReply => ({
  id: row.id,
  title: row.title,
  text: row.body,
  updated_at: row.updatedAt.toISOString(),
});

export function createCannedReplies(db: Db, clock: Clock) {
  return {
    async list(): Promise<TCannedReply[]> {
      return (await db.select().from(canned).orderBy(asc(canned.title))).map(view);
    },

    async create(input: { title: string; text: string }, actor: Actor) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(canned)
          .values({ title: input.title, body: input.text, updatedAt: clock.now() })
          .returning();
        await recordAudit(tx, actor, {
          action: 'support.canned.create',
          subjectType: 'support_canned_reply',
          subjectId: row!.id,
          after: input,
        });
        return view(row!);
      });
    },

    async update(id: string, input: { title: string; text: string }, actor: Actor) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(canned).where(eq(canned.id, id)).for('update');
        if (!before) throw notFound(SM.cannedNotFound);
        const [row] = await tx
          .update(canned)
          .set({ title: input.title, body: input.text, updatedAt: clock.now() })
          .where(eq(canned.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'support.canned.update',
          subjectType: 'support_canned_reply',
          subjectId: id,
          before: { title: before.title, text: before.body },
          after: input,
        });
        return view(row!);
      });
    },

    async remove(id: string, actor: Actor) {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(canned).where(eq(canned.id, id)).returning();
        if (!before) throw notFound(SM.cannedNotFound);
        await recordAudit(tx, actor, {
          action: 'support.canned.delete',
          subjectType: 'support_canned_reply',
          subjectId: id,
          before: { title: before.title, text: before.body },
        });
      });
    },
  };
}
