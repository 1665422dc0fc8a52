/** The reconciliation's SQL: the figures it compares, over every ledger table at once. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The figures the reconciliation check compares; read in one snapshot by the caller. */
export async function reconciliationFacts(tx: Tx, sample: number) {
  const [counts] = rowsOf<{ accounts: string; postings: string; lines: string; total: string }>(
    await tx.execute(sql`
      select (select count(*) from (select distinct client_id, kind from ledger_accounts) a)::text
               as accounts,
             (select count(*) from ledger_postings)::text as postings,
             (select count(*) from ledger_lines)::text as lines,
             (select coalesce(sum(amount), 0) from ledger_lines)::text as total`),
  );
  const unbalanced = rowsOf<{ posting_id: string; total: string }>(
    await tx.execute(sql`
      select posting_id::text, sum(amount)::text as total from ledger_lines
      group by posting_id having sum(amount) <> 0 order by posting_id limit ${sample}`),
  );
  const empty = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select p.id::text from ledger_postings p
      where (select count(*) from ledger_lines l where l.posting_id = p.id) < 2
      order by p.id limit ${sample}`),
  );
  // Row by row: a firm account's buckets each match their own lines, so the account does too.
  const drifted = rowsOf<{ id: string; owner: string; kind: string; cached: string; sum: string }>(
    await tx.execute(sql`
      select a.id::text, coalesce(a.client_id::text, 'firm') as owner,
             case when a.client_id is null then a.kind || ' bucket ' || a.bucket else a.kind end
               as kind,
             a.balance::text as cached, coalesce(s.total, 0)::text as sum
      from ledger_accounts a
      left join (select account_id, sum(amount) as total from ledger_lines group by account_id) s
        on s.account_id = a.id
      where a.balance <> coalesce(s.total, 0)
      order by a.id limit ${sample}`),
  );
  const negative = rowsOf<{ id: string; owner: string; kind: string; balance: string }>(
    await tx.execute(sql`
      select id::text, coalesce(client_id::text, 'firm') as owner, kind, balance::text
      from ledger_accounts where non_negative and balance < 0 order by id limit ${sample}`),
  );
  return { counts: counts!, unbalanced, empty, drifted, negative };
}
