/**
 * Whose cash stayed with the firm for a whole span: running-account settlement's "funds lying
 * with the broker for more than 30 days" (decision 052). Cash is a client's cash available plus
 * cash on hold — a hold for an order or a withdrawal is still the client's money at the firm.
 * Money is fungible, so some of it lay there throughout exactly when the lowest balance the
 * span saw stayed above zero; a client who emptied the account and paid in again inside the
 * span holds only younger money.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Of `clientIds`, those whose cash was above zero at every moment of [from, to): above zero
 * just before `from` (each account's last line before it, as statements open) and after every
 * posting inside the span, taken in time order. One statement for all the clients.
 */
export async function clientsWithCashThroughout(
  db: Executor,
  clientIds: string[],
  from: Date,
  to: Date,
): Promise<Set<string>> {
  if (clientIds.length === 0) return new Set();
  const ids = sql`${sql.param(clientIds)}::uuid[]`;
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = sql`${to.toISOString()}::timestamptz`;
  const rows = rowsOf<{ client_id: string }>(
    await db.execute(sql`
      with cash as (
        select id, client_id from ledger_accounts
        where client_id = any(${ids}) and kind in ('cash_available', 'cash_on_hold')
      ),
      opening as (
        select c.client_id, coalesce(sum(b.balance_after), 0) as balance
        from cash c
        left join lateral (
          select l.balance_after from ledger_lines l
          where l.account_id = c.id and l.created_at < ${start}
          order by l.id desc limit 1
        ) b on true
        group by c.client_id
      ),
      moves as (
        select c.client_id, l.posting_id, min(l.created_at) as at, sum(l.amount) as amount
        from ledger_lines l join cash c on c.id = l.account_id
        where l.created_at >= ${start} and l.created_at < ${end}
        group by c.client_id, l.posting_id
      ),
      since as (
        select client_id,
               min(running) as lowest
        from (select client_id,
                     sum(amount) over (partition by client_id order by at, posting_id) as running
              from moves) r
        group by client_id
      )
      select o.client_id
      from opening o left join since s on s.client_id = o.client_id
      where o.balance > 0 and o.balance + coalesce(least(s.lowest, 0), 0) > 0
      order by o.client_id`),
  );
  return new Set(rows.map((r) => r.client_id));
}
