/** Reading IPO issues: one by id, the console's list, their views with the demand so far. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { type TAllotmentResult, type TIpoIssue, TM, addIstDays, asIstDay } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import type { Market } from '../market/service.ts';
import type { IpoDeps } from './ipo-deps.ts';
import { ipoDemand } from './orders.ts';
import { ipoIssues } from './tables.ts';
import { type IpoRow, ipoView } from './views.ts';

/** The console lists the latest issues; older ones stay in the database. */
const LIST_LIMIT = 200;

export async function ipoById(executor: Executor, id: string) {
  const [issue] = await executor.select().from(ipoIssues).where(eq(ipoIssues.id, id));
  return issue;
}

export async function ipoRow(deps: IpoDeps, id: string) {
  const row = await ipoById(deps.db, id);
  if (!row) throw notFound(TM.offeringNotFound);
  return row;
}

/** The next `days`-th trading day after `day` (SEBI's T+3 counts working days). */
export function tradingDaysAfter(calendar: Market['calendar'], day: string, days: number) {
  let date = asIstDay(day);
  for (let n = 0; n < days;) {
    date = addIstDays(date, 1);
    if (calendar.isTradingDay(date)) n++;
  }
  return date;
}

export async function ipoViews(deps: IpoDeps, rows: IpoRow[]): Promise<TIpoIssue[]> {
  const demand = await ipoDemand(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    ipoView(r, istDateOf(deps.clock.now()), demand.get(r.id) ?? { applications: 0, lots: 0 }),
  );
}

export async function listIpos(
  deps: IpoDeps,
  status: 'open' | 'closed' | 'all',
): Promise<TIpoIssue[]> {
  const rows = await deps.db
    .select()
    .from(ipoIssues)
    .where(
      status === 'open'
        ? and(
            sql`${ipoIssues.closedAt} is null`,
            sql`${ipoIssues.withdrawnAt} is null`,
            sql`${ipoIssues.closeDate} >= ${istDateOf(deps.clock.now())}`,
          )
        : undefined,
    )
    .orderBy(desc(ipoIssues.openDate), desc(ipoIssues.createdAt))
    .limit(LIST_LIMIT);
  const views = await ipoViews(deps, rows);
  return views.filter(
    (v) =>
      status === 'all' ||
      (status === 'open'
        ? ['upcoming', 'open'].includes(v.status)
        : !['upcoming', 'open'].includes(v.status)),
  );
}

export async function namesOfIpos(executor: Executor, symbols: string[]) {
  if (symbols.length === 0) return new Map<string, IpoRow>();
  const rows = await executor
    .select()
    .from(ipoIssues)
    .where(sql`${ipoIssues.symbol} in ${symbols}`);
  return new Map(rows.map((r) => [r.symbol, r]));
}

export async function allotmentOf(deps: IpoDeps, id: string): Promise<TAllotmentResult> {
  const row = await ipoRow(deps, id);
  if (!row.allotment) throw conflict(TM.ipoNotAllotted);
  return row.allotment as TAllotmentResult;
}

/** Issues whose listing date has come and that are allotted: listed by the sweep. */
export async function dueForListing(deps: IpoDeps) {
  const rows = await deps.db
    .select()
    .from(ipoIssues)
    .where(
      and(
        sql`${ipoIssues.allottedAt} is not null`,
        sql`${ipoIssues.listedAt} is null`,
        sql`${ipoIssues.listingDate} <= ${istDateOf(deps.clock.now())}`,
      ),
    );
  return rows.map((r) => r.id);
}
