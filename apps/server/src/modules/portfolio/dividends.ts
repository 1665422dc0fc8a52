/**
 * Dividends on record: each client holding a dividend's scrip before its ex-date gets a row —
 * gross, the issuer's TDS under section 194 (dividend-tds.ts), net — and no ledger posting:
 * the issuer pays the client's bank account, not the firm.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { financialYearOf, type TDividendList } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { dividendTds } from './dividend-tds.ts';
import type { DividendIn } from './returns-math.ts';
import { clientDividends, type corporateActions } from './tables.ts';

type Action = typeof corporateActions.$inferSelect;
type Holder = { clientId: string; quantity: number };

/** Records one dividend for its holders; a client already on record for it is left as is. */
export async function recordDividend(tx: Executor, action: Action, holders: Holder[], now: Date) {
  const paidOn = action.paymentDate ?? action.recordDate ?? action.exDate;
  const year = financialYearOf(paidOn);
  const perShare = action.perSharePaise!;
  let recorded = 0;
  for (const h of holders) {
    const [earlier] = await tx
      .select({ sum: sql<string>`coalesce(sum(${clientDividends.grossPaise}), 0)::text` })
      .from(clientDividends)
      .where(
        and(
          eq(clientDividends.clientId, h.clientId),
          eq(clientDividends.symbol, action.symbol),
          eq(clientDividends.financialYear, year),
          lt(clientDividends.paidOn, paidOn),
        ),
      );
    const grossPaise = perShare * BigInt(h.quantity);
    const { tdsPaise, netPaise } = dividendTds({
      grossPaise,
      paidOn,
      earlierInYearPaise: BigInt(earlier?.sum ?? '0'),
    });
    const inserted = await tx
      .insert(clientDividends)
      .values({
        id: randomUUID(),
        clientId: h.clientId,
        actionId: action.id,
        symbol: action.symbol,
        quantity: h.quantity,
        perSharePaise: perShare,
        grossPaise,
        tdsPaise,
        netPaise,
        paidOn,
        financialYear: year,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: clientDividends.id });
    recorded += inserted.length;
  }
  return recorded;
}

export async function dividendRowsOf(db: Executor, clientId: string, year?: number) {
  return db
    .select()
    .from(clientDividends)
    .where(
      and(
        eq(clientDividends.clientId, clientId),
        year === undefined ? undefined : eq(clientDividends.financialYear, year),
      ),
    )
    .orderBy(asc(clientDividends.paidOn), asc(clientDividends.symbol));
}

export async function dividendList(
  db: Executor,
  clientId: string,
  year: number | undefined,
  nameOf: (symbols: string[]) => Promise<Map<string, string>>,
): Promise<TDividendList> {
  const rows = await dividendRowsOf(db, clientId, year);
  const names = await nameOf([...new Set(rows.map((r) => r.symbol))]);
  const sum = (pick: (r: (typeof rows)[number]) => bigint) =>
    Number(rows.reduce((s, r) => s + pick(r), 0n));
  return {
    items: rows.map((r) => ({
      id: r.id,
      symbol: r.symbol,
      name: names.get(r.symbol) ?? r.symbol,
      quantity: r.quantity,
      per_share_paise: Number(r.perSharePaise),
      gross_paise: Number(r.grossPaise),
      tds_paise: Number(r.tdsPaise),
      net_paise: Number(r.netPaise),
      paid_on: r.paidOn,
      financial_year: r.financialYear,
    })),
    gross_paise: sum((r) => r.grossPaise),
    tds_paise: sum((r) => r.tdsPaise),
    net_paise: sum((r) => r.netPaise),
  };
}

/** The returns' view: gross, on the day paid. */
export async function dividendsIn(db: Executor, clientId: string): Promise<DividendIn[]> {
  return (await dividendRowsOf(db, clientId)).map((r) => ({
    symbol: r.symbol,
    day: r.paidOn,
    grossPaise: r.grossPaise,
  }));
}
