/**
 * Reconciliation: all lines sum to zero, each posting balances and has two lines or more,
 * each account's cached balance equals the sum of its lines, and no guarded account is
 * negative. Read in one repeatable-read snapshot, so concurrent postings cannot skew it.
 */
import type { Db } from '../../db/client.ts';
import { reconciliationFacts } from './reconciliation.ts';

export type LedgerDiscrepancy = {
  check: 'total' | 'posting' | 'account_balance' | 'negative_balance' | 'empty_posting';
  message: string;
};
export type LedgerCheck = {
  ok: boolean;
  counts: { accounts: number; postings: number; lines: number };
  discrepancies: LedgerDiscrepancy[];
};

type Facts = Awaited<ReturnType<typeof reconciliationFacts>>;

/** What the facts show to be wrong, in the order the checks are listed above. */
export function discrepanciesOf(facts: Facts): LedgerDiscrepancy[] {
  const discrepancies: LedgerDiscrepancy[] = [];
  if (BigInt(facts.counts.total) !== 0n)
    discrepancies.push({
      check: 'total',
      message: `All lines sum to ${facts.counts.total} paise, not 0.`,
    });
  for (const p of facts.unbalanced)
    discrepancies.push({
      check: 'posting',
      message: `Posting ${p.posting_id} sums to ${p.total} paise, not 0.`,
    });
  for (const p of facts.empty)
    discrepancies.push({
      check: 'empty_posting',
      message: `Posting ${p.id} has fewer than two lines.`,
    });
  for (const a of facts.drifted)
    discrepancies.push({
      check: 'account_balance',
      message: `Account ${a.id} (${a.owner} ${a.kind}) caches ${a.cached} paise but its lines sum to ${a.sum}.`,
    });
  for (const a of facts.negative)
    discrepancies.push({
      check: 'negative_balance',
      message: `Account ${a.id} (${a.owner} ${a.kind}) is negative: ${a.balance} paise.`,
    });
  return discrepancies;
}

export async function checkLedger(db: Db, sample: number): Promise<LedgerCheck> {
  const facts = await db.transaction(async (tx) => reconciliationFacts(tx, sample), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const discrepancies = discrepanciesOf(facts);
  return {
    ok: discrepancies.length === 0,
    counts: {
      accounts: Number(facts.counts.accounts),
      postings: Number(facts.counts.postings),
      lines: Number(facts.counts.lines),
    },
    discrepancies,
  };
}
