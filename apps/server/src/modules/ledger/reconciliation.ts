/** The reconciliation's SQL: the figures it compares, over every ledger table at once. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The figures the reconciliation check compares; read in one snapshot by the caller. */
export async function reconciliationFacts(tx: Tx, sample: number) {
  // The per-posting and per-account sums hash a million lines: in memory, not spilled to disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const [counts] = rowsOf<{ accounts: string; postings: string; lines: string; total: string }>(
    await tx.execute(sql`
      select (select count(*) from (select distinct client_id, kind from ledger_accounts) a)::text
               as accounts,
             (select count(*) from ledger_postings)::text as postings,
             l.lines::text as lines, l.total::text as total
      from (select count(*) as lines, coalesce(sum(amount), 0) as total from ledger_lines) l`),
  );
  // One pass over the lines per posting finds both the unbalanced and the near-empty ones.
  const suspect = rowsOf<{ posting_id: string; total: string; n: number }>(
    await tx.execute(sql`
      select p.id::text as posting_id, coalesce(l.total, 0)::text as total,
             coalesce(l.n, 0)::int as n
      from ledger_postings p
      left join (select posting_id, sum(amount) as total, count(*) as n
                 from ledger_lines group by posting_id) l on l.posting_id = p.id
      where coalesce(l.total, 0) <> 0 or coalesce(l.n, 0) < 2
      order by p.id limit ${sample * 2}`),
  );
  const unbalanced = suspect.filter((p) => BigInt(p.total) !== 0n).slice(0, sample);
  const empty = suspect
    .filter((p) => p.n < 2)
    .slice(0, sample)
    .map((p) => ({ id: p.posting_id }));
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
