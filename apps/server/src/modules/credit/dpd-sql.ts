/**
 * Days past due in SQL, for the console queue's bucket filter and counts: the same rule as
 * dues.ts (payments apply to instalments oldest first; the oldest instalment past its due
 * date with principal or interest unpaid sets the DPD), over loan_instalments' running sums.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TDpdBucket } from '@sampada/shared';

/** The oldest overdue instalment's due date of each `loans` row (null: nothing overdue). */
const oldestOverdue = (today: string) => sql`(
  select min(i.due_date) from (
    select due_date,
      sum(principal_paise) over w as p,
      sum(interest_accrued_paise) over w as q
    from loan_instalments where loan_id = loans.id
    window w as (order by number)
  ) i
  where i.due_date < ${today}::date
    and (i.p > loans.paid_principal_paise - loans.prepaid_principal_paise
      or i.q > loans.paid_interest_paise)
)`;

export const dpdSql = (today: string): SQL<number> =>
  sql<number>`coalesce(${today}::date - ${oldestOverdue(today)}, 0)`;

export const bucketSql = (today: string): SQL<string> => sql<string>`case
  when ${dpdSql(today)} <= 0 then 'current'
  when ${dpdSql(today)} <= 30 then 'sma_0'
  when ${dpdSql(today)} <= 60 then 'sma_1'
  when ${dpdSql(today)} <= 90 then 'sma_2'
  else 'npa' end`;

export const bucketWhere = (bucket: TDpdBucket, today: string): SQL =>
  sql`${bucketSql(today)} = ${bucket}`;
