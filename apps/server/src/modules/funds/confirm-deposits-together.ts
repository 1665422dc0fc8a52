import type { Actor } from '../../platform/audit.ts';
import { groupCommit } from '../../platform/group-commit.ts';
import { executeAllOrNothing } from '../../db/one-round-trip.ts';
import { builtOnce } from '../../db/prepared.ts';
import {
  type KeyClaim,
  keysWithAnswers,
  type TogetherOutcome,
} from '../../platform/idempotency-together.ts';
import { transitionsStatement } from '../../platform/transitions-statement.ts';
import { transferPosting } from '../ledger/service.ts';
import { receiptUrlOf } from './deposit-account.ts';
import type { DepositDeps } from './deposit-deps.ts';
import { pendingWithPostingIds } from './deposit-queries.ts';
import { DEPOSIT, decisionDetails, depositCredit } from './deposit-lifecycle.ts';
import { withPeople } from './people.ts';
import { consoleDepositView } from './views.ts';

/** One officer's confirmation of one deposit, as the console's route hands it over. */
export type TogetherConfirmation = {
  depositId: string;
  staffId: string;
  staffEmail: string;
  actor: Actor;
  baseUrl: string;
  claim: KeyClaim;
};

/**
 * One batch at a time: the confirmations that arrive while it runs all go in the next, so a
 * busy desk's batches grow instead of splitting. On the 2-core box two at once confirmed fewer
 * a second (bench/ledger.mjs, alternated runs: ~10% fewer with a transaction a batch; with the
 * batch as two round trips, 0.26–0.30× raw SQL against 0.35–0.37×, 2.9 confirmations a batch
 * against 4.9): the second batch's round trips compete for the cores. A batch whose statement
 * waits on a lock ends at the lock timeout and its confirmations run alone, so one stuck batch
 * holds the others back by at most that.
 */
const CONCURRENCY = 1;
/** A batch's most confirmations: its statements stay short and its answers prompt. */
const MAX_BATCH = 64;

/**
 * Single deposit confirmations under load, served by group commit (decision 069): those that
 * wait while earlier batches run are confirmed together — exactly as each would have been alone
 * (decide-deposit.ts) — in two round trips and no transaction (decision 081): the deposits
 * still pending read with a posting id drawn for each and their clients' names, and one
 * statement that writes the keys with their answers, moves every deposit, credits them, and
 * writes the audit rows, engagement's marks and the notices, or nothing if any step found
 * less than it was built for. A confirmation the batch cannot serve (the deposit not pending,
 * missing, or a batch that failed) runs alone for its own answer.
 */
export function createDepositConfirmations(deps: DepositDeps) {
  const pending = builtOnce((executor) =>
    pendingWithPostingIds(executor, deps.ledger.nextPostingId(), deps.people.clients.refsToJoin()),
  );
  return groupCommit<TogetherConfirmation, TogetherOutcome>({
    groupOf: ({ actor, staffId }) => JSON.stringify([staffId, actor]),
    keys: ({ depositId, claim }) => [`deposit ${depositId}`, `key ${claim.scope} ${claim.key}`],
    concurrency: CONCURRENCY,
    max: MAX_BATCH,
    run: (items) => confirmTogether(deps, pending, items),
  });
}

type PendingRead = (executor: DepositDeps['db']) => ReturnType<typeof pendingWithPostingIds>;

async function confirmTogether(
  deps: DepositDeps,
  pending: PendingRead,
  items: TogetherConfirmation[],
): Promise<TogetherOutcome[]> {
  const { db, clock, ledger, events } = deps;
  const { staffId, staffEmail, actor } = items[0]!; // one group: one officer
  const at = clock.now();
  const read = await pending(db).execute({ ids: items.map((item) => item.depositId) });
  const readOf = new Map(read.map((r) => [r.row.id, r]));
  const served = items.filter((item) => readOf.has(item.depositId));
  if (served.length === 0) return items.map((): TogetherOutcome => ({ kind: 'alone' }));
  const step = transitionsStatement(DEPOSIT, 'confirm', {
    rows: served.map((item) => readOf.get(item.depositId)!.row),
    at,
    set: (row) => ({
      decidedAt: at,
      decidedByStaffId: staffId,
      reason: null,
      postingId: readOf.get(row.id)!.postingId,
    }),
    audit: { actor, details: (row) => decisionDetails(row, null) },
    events,
  });
  const listed = await withPeople(
    deps.people,
    served.map((item, n) => ({ item, row: step.rows[n]! })),
    db,
    {
      staff: new Map([[staffId, { email: staffEmail }]]),
      clients: new Map(read.map((r) => [r.row.clientId, r.client])),
    },
  );
  const keys = keysWithAnswers(
    listed.map((l) => ({
      claim: l.item.claim,
      data: consoleDepositView(l, receiptUrlOf(deps.uploads, l.item.baseUrl, l.row)),
    })),
    at,
  );
  // Keys, deposits, then ledger rows, as one confirmation takes them (move-deposit.ts), and
  // engagement's marks after the ledger rows in both. A duplicate UTR among them fails the
  // UPDATE; a key already taken, the keys' INSERT: the statement, and so each runs alone.
  await executeAllOrNothing(
    db,
    [
      { statement: keys.statement, rows: served.length, what: 'deposit confirmation keys' },
      step.update,
      {
        statement: ledger.postManyStatement(
          step.rows.map((row) => transferPosting(depositCredit(row))),
          step.rows.map((row) => row.postingId!),
        ),
        rows: served.length,
        what: 'deposit credits',
      },
    ],
    step.record,
  );
  step.publish();
  const answerOf = new Map(served.map((item, n) => [item, keys.answers[n]!]));
  return items.map((item): TogetherOutcome => {
    const answer = answerOf.get(item);
    return answer ? { kind: 'done', answer } : { kind: 'alone' };
  });
}
