import { FM, paiseNumber, type TBankStatementResult } from '@sampada/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import { applyTransitions } from '../../platform/transitions.ts';
import { transferPosting } from '../ledger/service.ts';
import { matchStatement, mismatchMessage, type StatementLine } from './bank-statement.ts';
import { receiptUrlOf } from './deposit-account.ts';
import type { DepositDeps, DepositRow } from './deposit-deps.ts';
import { DEPOSIT, depositCredit } from './deposit-lifecycle.ts';
import { depositsWithUtrsLocked } from './deposit-queries.ts';
import { withPeople } from './people.ts';
import { deposits } from './tables.ts';
import { consoleDepositView } from './views.ts';

type StatementOptions = {
  staffId: string;
  actor: Actor;
  baseUrl: string;
  transaction?: TransactionRunner;
};

/**
 * Operations match the bank's statement: each line confirms the one pending deposit with
 * its UTR and exactly its amount, credited as a single confirmation would be (its posting,
 * audit row and event), all in one transaction with the postings in one round trip.
 */
export async function confirmBankStatement(
  deps: DepositDeps,
  lines: StatementLine[],
  options: StatementOptions,
): Promise<TBankStatementResult> {
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    const known = await depositsWithUtrsLocked(tx, [...new Set(lines.map((l) => l.utr))]);
    const { matched, unmatched } = matchStatement(lines, known);
    // Every matched deposit is pending and locked, so each moves: its credit's id is
    // reserved now and written by the move itself; the credits are posted last (below).
    const byId = new Map(known.map((row) => [row.id, row]));
    const toCredit = matched.map((m) => byId.get(m.depositId)!);
    const { moved, credits } = await confirmMatched(deps, tx, toCredit, options);
    const movedById = new Map(moved.map((row) => [row.id, row]));
    const listed = await withPeople(
      deps.people,
      matched.map((m) => ({ row: movedById.get(m.depositId)! })),
      tx,
    );
    // Last: the credited accounts stay locked from here to commit only.
    await credits.post();
    return {
      confirmed: listed.map((l) =>
        consoleDepositView(l, receiptUrlOf(deps.uploads, options.baseUrl, l.row)),
      ),
      unmatched: unmatched.map((u) => ({
        line: u.line,
        utr: u.utr,
        amount_paise: paiseNumber(u.amountPaise),
        reason: u.reason,
        message: mismatchMessage(u.reason),
      })),
      confirmed_total_paise: paiseNumber(moved.reduce((sum, row) => sum + row.amount, 0n)),
    };
  });
}

/** Reserves the matched deposits' credits and confirms them all in one step. */
async function confirmMatched(
  deps: DepositDeps,
  tx: Tx,
  toCredit: DepositRow[],
  options: StatementOptions,
) {
  const { clock, ledger, events } = deps;
  const at = clock.now();
  const credits = await ledger.reserveMany(
    tx,
    toCredit.map((row) => transferPosting(depositCredit(row))),
  );
  const postingOfRow = sql`(${sql.param(credits.postingIds)}::bigint[])[
          array_position(${sql.param(toCredit.map((row) => row.id))}::uuid[], ${deposits.id})]`;
  let moved: DepositRow[];
  try {
    moved = await applyTransitions(tx, DEPOSIT, 'confirm', {
      ids: toCredit.map((row) => row.id),
      at,
      set: {
        decidedAt: at,
        decidedByStaffId: options.staffId,
        reason: null,
        postingId: postingOfRow,
      },
      audit: {
        actor: options.actor,
        details: (row) => ({
          clientId: row.clientId,
          amountPaise: row.amount.toString(),
          utr: row.utr,
          postingId: row.postingId,
          via: 'bank_statement',
        }),
      },
      events,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'deposits_utr_confirmed_once'))
      throw conflict(FM.utrAlreadyCredited);
    throw error;
  }
  // Each reserved credit is posted below: one for a deposit that did not move would pay
  // for nothing. Locked and pending, every one moves; if not, nothing commits.
  if (moved.length !== toCredit.length) throw new Error('A matched deposit did not move');
  return { moved, credits };
}
