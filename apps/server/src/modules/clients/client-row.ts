/** Reading one client's row, and telling its copies that it changed. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { whenCommitted } from '../../platform/transaction.ts';
import { notFound } from '../../platform/errors.ts';
import type { ClientDeps } from './client-deps.ts';
import { clients } from './tables.ts';

/**
 * Every write to a client's row goes through here with the executor that made it: copies
 * are dropped once it commits (or, for a transaction that cannot say when, kept away
 * until it surely has).
 */
export const wrote = ({ copies }: ClientDeps, executor: Executor, clientId: string) => {
  if (!whenCommitted(executor, () => copies.changed(clientId))) copies.changing(clientId);
};

export const byId = async ({ db }: ClientDeps, id: string, executor: Executor = db) => {
  const [row] = await executor.select().from(clients).where(eq(clients.id, id));
  if (!row) throw notFound('Client not found.');
  return row;
};
