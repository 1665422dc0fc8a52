/** The lines and postings that moved a client's accounts, for fund records and statements. */
import type { TClientAccount } from '@sampada/shared';
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountsOfClient } from './accounts.ts';
import {
  type LineFilter,
  linesOf,
  linesOfPostings,
  postingById,
  postingsOfReference,
  postingsTouching,
} from './postings.ts';
import { ledgerAccounts, ledgerLines } from './tables.ts';

/** Lines of a client's accounts, for fund records and statements. */
export async function linesOfClient(
  executor: Executor,
  clientId: string,
  filter: Omit<LineFilter, 'accountIds'>,
) {
  const accounts = await accountsOfClient(executor, clientId);
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind as TClientAccount]));
  const rows = await linesOf(executor, { ...filter, accountIds: [...kindOf.keys()] });
  return rows.map((row) => ({ ...row, account: kindOf.get(row.accountId)! }));
}

/** Clients whose accounts moved in [from, to): who gets a period's statement. */
export async function clientsWithLines(
  executor: Executor,
  from: Date,
  to: Date,
): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ clientId: ledgerAccounts.clientId })
    .from(ledgerLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
    .where(
      and(
        gte(ledgerLines.createdAt, from),
        lt(ledgerLines.createdAt, to),
        isNotNull(ledgerAccounts.clientId),
      ),
    )
    .orderBy(ledgerAccounts.clientId);
  return rows.map((r) => r.clientId!);
}

/** Postings that moved any of a client's accounts, newest first, with all their lines. */
export async function postingsOfClient(
  db: Executor,
  clientId: string,
  beforeId: number | undefined,
  limit: number,
) {
  const accounts = await accountsOfClient(db, clientId);
  const postings = await postingsTouching(
    db,
    accounts.map((a) => a.id),
    beforeId,
    limit,
  );
  const lines = await linesOfPostings(
    db,
    postings.map((p) => p.id),
  );
  return postings.map((p) => ({ ...p, lines: lines.filter((l) => l.postingId === p.id) }));
}

/**
 * Postings that settle one thing (a loan's `loan:<id>`), newest first, with all their lines;
 * one more than `limit` tells the caller another page exists.
 */
export async function postingsWithReference(
  db: Executor,
  reference: string,
  beforeId: number | undefined,
  limit: number,
) {
  const postings = await postingsOfReference(db, reference, beforeId, limit);
  const lines = await linesOfPostings(
    db,
    postings.map((p) => p.id),
  );
  return postings.map((p) => ({ ...p, lines: lines.filter((l) => l.postingId === p.id) }));
}

/** One posting with its lines, or null. */
export async function postingWithLines(executor: Executor, id: number) {
  const row = await postingById(executor, id);
  if (!row) return null;
  return { ...row, lines: await linesOfPostings(executor, [id]) };
}
