/**
 * Matching a bank statement against deposits (docs/api-funds.md, "Matching a bank statement").
 * The firm's bank lists each credit with its UTR; a line confirms the one pending deposit that
 * carries that UTR for exactly that amount. Anything less certain is left to a person: an
 * amount that differs, two pending deposits that could both be it, a UTR listed twice.
 */
import { STATEMENT_MISMATCHES, type TStatementMismatch } from '@sampada/shared';

export type StatementLine = { utr: string; amountPaise: bigint };
/** A deposit the statement's UTRs name, pending or already confirmed. */
export type KnownDeposit = { id: string; utr: string; amount: bigint; status: string };

export type StatementMatch = {
  /** Line number (from 1) and the deposit it confirms, in the statement's order. */
  matched: { line: number; depositId: string }[];
  unmatched: { line: number; utr: string; amountPaise: bigint; reason: TStatementMismatch }[];
};

export function matchStatement(lines: StatementLine[], known: KnownDeposit[]): StatementMatch {
  const byUtr = new Map<string, KnownDeposit[]>();
  for (const d of known) byUtr.set(d.utr, [...(byUtr.get(d.utr) ?? []), d]);
  const seen = new Set<string>();
  const result: StatementMatch = { matched: [], unmatched: [] };
  lines.forEach(({ utr, amountPaise }, index) => {
    const line = index + 1;
    const refuse = (reason: TStatementMismatch) =>
      result.unmatched.push({ line, utr, amountPaise, reason });
    if (seen.has(utr)) return refuse('repeated_line');
    seen.add(utr);
    const named = byUtr.get(utr) ?? [];
    if (named.some((d) => d.status === 'confirmed')) return refuse('already_confirmed');
    const pending = named.filter((d) => d.status === 'pending');
    if (pending.length === 0) return refuse('no_pending_deposit');
    const exact = pending.filter((d) => d.amount === amountPaise);
    if (exact.length === 0) return refuse('amount_differs');
    if (exact.length > 1) return refuse('ambiguous');
    result.matched.push({ line, depositId: exact[0]!.id });
  });
  return result;
}

export const mismatchMessage = (reason: TStatementMismatch) => STATEMENT_MISMATCHES[reason];
