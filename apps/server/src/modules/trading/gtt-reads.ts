/** A client's GTTs: the list by view, and one by id. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { GM, type TGtt } from '@sampada/shared';
import { notFound } from '../../platform/errors.ts';
import type { GttDeps } from './gtt-deps.ts';
import { gttViews } from './gtt-views.ts';
import { gtts } from './tables.ts';

export async function listGtts(
  deps: GttDeps,
  clientId: string,
  view: 'active' | 'history' | 'all',
): Promise<TGtt[]> {
  const rows = await deps.db
    .select()
    .from(gtts)
    .where(
      and(
        eq(gtts.clientId, clientId),
        view === 'active'
          ? eq(gtts.status, 'active')
          : view === 'history'
            ? sql`${gtts.status} <> 'active'`
            : undefined,
      ),
    )
    .orderBy(desc(gtts.createdAt), asc(gtts.id))
    .limit(500);
  return gttViews(deps, rows);
}

export async function gttOfClient(deps: GttDeps, clientId: string, id: string): Promise<TGtt> {
  const [row] = await deps.db
    .select()
    .from(gtts)
    .where(and(eq(gtts.id, id), eq(gtts.clientId, clientId)));
  if (!row) throw notFound(GM.notFound);
  return (await gttViews(deps, [row]))[0]!;
}
