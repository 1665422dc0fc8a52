/** The menu as the console edits it: every entry in order, replaced as a whole. */
import { asc } from 'drizzle-orm';
import type { TMenuEntry, TMenuItemInput } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Db } from '../../db/client.ts';
import { menuItems } from './tables.ts';

/** Every item in order, enabled or not, for the console's editor. */
export async function listEntries(db: Db): Promise<TMenuEntry[]> {
  const rows = await db.select().from(menuItems).orderBy(asc(menuItems.position));
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    path: r.path,
    name: r.name,
    component: r.component,
    redirect: r.redirect,
    title: r.title,
    icon: r.icon,
    requires: r.requires as TMenuEntry['requires'],
    enabled: r.enabled,
  }));
}

/** Replaces the whole (flat) menu in the given order; the old and new menus are audited. */
export async function replaceMenu(
  db: Db,
  items: TMenuItemInput[],
  actor: Actor,
): Promise<TMenuEntry[]> {
  const before = await listEntries(db);
  await db.transaction(async (tx) => {
    await tx.delete(menuItems);
    if (items.length) {
      await tx.insert(menuItems).values(
        items.map((item, position) => ({
          position,
          path: item.path,
          name: item.name,
          component: item.component,
          redirect: item.redirect ?? null,
          title: item.title,
          icon: item.icon,
          requires: item.requires ?? null,
          enabled: item.enabled ?? true,
        })),
      );
    }
    await recordAudit(tx, actor, {
      action: 'menu.replace',
      subjectType: 'menu',
      subjectId: null,
      before: before.map(({ id: _id, ...rest }) => rest),
      after: items,
    });
  });
  return listEntries(db);
}
