import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bankCards } from './tables.ts';

export const activeCards = (db: Executor, clientId: string) =>
  db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.clientId, clientId), isNull(bankCards.removedAt)))
    .orderBy(asc(bankCards.createdAt), asc(bankCards.id));

export async function activeCard(db: Executor, clientId: string, cardId: string) {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(
      and(eq(bankCards.id, cardId), eq(bankCards.clientId, clientId), isNull(bankCards.removedAt)),
    );
  return row;
}

/** Serialises card changes of one client, so the limit of five holds under concurrency. */
export const lockClientCards = (db: Executor, clientId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank_cards:${clientId}`}))`);
