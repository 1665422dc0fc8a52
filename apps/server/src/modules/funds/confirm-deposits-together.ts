import type { Actor } from '../../platform/audit.ts';
import { groupCommit } from '../../platform/group-commit.ts';
import type { SQL } from 'drizzle-orm';
import type { Envelope } from '../../platform/envelope.ts';
import {
  answersToKeep,
  claimKeys,
  type KeyClaim,
  releaseKeys,
  type TogetherOutcome,
} from '../../platform/idempotency-together.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { applyTransitions } from '../../platform/transitions.ts';
import { transferPosting } from '../ledger/service.ts';
import { receiptUrlOf } from './deposit-account.ts';
import type { DepositDeps } from './deposit-deps.ts';
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
 * busy desk's batches grow instead of splitting. On the 2-core box two at once confirmed ~10%
 * fewer a second (bench/ledger.mjs, three runs each): the second batch's round trips compete
 * for the same cores. A batch that waits on a lock ends at the lock timeout and its
 * confirmations run alone, so one stuck batch holds the others back by at most that.
 */
const CONCURRENCY = 1;
/** A batch's most confirmations: its statements stay short and its answers prompt. */
const MAX_BATCH = 64;

/**
 * Single deposit confirmations under load, served by group commit (decision 069): those that
 * wait while earlier batches run are confirmed together in one transaction — keys claimed,
 * deposits moved, names read, credits posted, audit rows written and answers kept (these two
 * in one statement, decision 080) — exactly as each would have been alone (decide-deposit.ts).
 * A confirmation the batch cannot serve (the deposit not pending, missing, or a batch that
 * failed) runs alone for its own answer.
 */
export function createDepositConfirmations(deps: DepositDeps) {
  return groupCommit<TogetherConfirmation, TogetherOutcome>({
    groupOf: ({ actor, staffId }) => JSON.stringify([staffId, actor]),
    keys: ({ depositId, claim }) => [`deposit ${depositId}`, `key ${claim.scope} ${claim.key}`],
    concurrency: CONCURRENCY,
    max: MAX_BATCH,
    run: (items) => confirmTogether(deps, items),
  });
}

async function confirmTogether(
  deps: DepositDeps,
  items: TogetherConfirmation[],
): Promise<TogetherOutcome[]> {
  const { clock, ledger, events } = deps;
  const { staffId, staffEmail, actor } = items[0]!; // one group: one officer
  const at = clock.now();
  return plainTransaction(deps.db)(async (tx) => {
    const held = await claimKeys(
      tx,
      items.map((item) => item.claim),
      at,
    );
    const claimed = items.filter((_, n) => held[n]);
    let answerOf = new Map<TogetherConfirmation, Envelope<unknown>>();
    let keep: SQL | null = null;
    // A duplicate UTR among them fails the statement, the batch, and so sends each alone.
    const moved = await applyTransitions(tx, DEPOSIT, 'confirm', {
      ids: claimed.map((item) => item.depositId),
      at,
      set: {
        decidedAt: at,
        decidedByStaffId: staffId,
        reason: null,
        postingId: ledger.nextPostingId(),
      },
      // The answers are made before the credits: their names are read while no ledger row is
      // held yet. Credited right after, before the audit statement, as one confirmation is
      // (move-deposit.ts): that statement also marks each client's standing stale
      // (engagement_due), so ledger rows before the mark in both, or a batch and a lone
      // confirmation of one client would each hold what the other waits for.
      effect: async (rows) => {
        const rowOf = new Map(rows.map((row) => [row.id, row]));
        const listed = await withPeople(
          deps.people,
          claimed
            .filter((item) => rowOf.has(item.depositId))
            .map((item) => ({ item, row: rowOf.get(item.depositId)! })),
          tx,
          new Map([[staffId, { email: staffEmail }]]),
        );
        const kept = answersToKeep(
          listed.map((l) => ({
            claim: l.item.claim,
            data: consoleDepositView(l, receiptUrlOf(deps.uploads, l.item.baseUrl, l.row)),
          })),
        );
        answerOf = new Map(listed.map((l, n) => [l.item, kept.answers[n]!]));
        keep = kept.statement;
        await ledger.postManyAs(
          tx,
          rows.map((row) => transferPosting(depositCredit(row))),
          rows.map((row) => row.postingId!),
        );
      },
      // Each answer is kept with its key in the audit row's statement (decision 080).
      also: () => (keep ? [keep] : []),
      audit: { actor, details: (row) => decisionDetails(row, null) },
      events,
    });
    const movedIds = new Set(moved.map((row) => row.id));
    await releaseKeys(
      tx,
      claimed.filter((item) => !movedIds.has(item.depositId)).map((item) => item.claim),
    );
    return items.map((item, n): TogetherOutcome => {
      if (!held[n]) return { kind: 'taken' };
      const answer = answerOf.get(item);
      return answer ? { kind: 'done', answer } : { kind: 'alone' };
    });
  });
}
