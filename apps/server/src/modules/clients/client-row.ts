/** Reading one client's row, and telling its copies that it changed. */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { builtOnce } from '../../db/prepared.ts';
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

/**
 * One more executed trade in the profile's order_num for each of the clients (each once): the
 * statement to send in the trades' transaction `executor`, whose commit drops their copies.
 */
export const countTrades = (deps: ClientDeps, executor: Executor, clientIds: string[]): SQL => {
  for (const clientId of clientIds) wrote(deps, executor, clientId);
  return sql`update ${clients} set order_num = order_num + 1
    where id = any(${sql.param(clientIds)}::uuid[])`;
};

/** Nearly every client request reads the client's row: built once (db/prepared.ts). */
const byIdStatement = builtOnce((executor) =>
  executor
    .select()
    .from(clients)
    .where(eq(clients.id, sql.placeholder('id')))
    .prepare('client_by_id'),
);

export const clientNotFound = () => notFound('Client not found.');

export const byId = async ({ db }: ClientDeps, id: string, executor: Executor = db) => {
  const [row] = await byIdStatement(executor).execute({ id });
  if (!row) throw clientNotFound();
  return row;
};
