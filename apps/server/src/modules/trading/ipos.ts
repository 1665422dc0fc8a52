/**
 * IPO issues: operations publish an issue with its price band, lot and dates; clients bid
 * while it is open (placement); bidding closes on the close date or when operations close it;
 * the allotment runs once, by lottery when oversubscribed; on the listing date the stock
 * joins the market and the escrow is paid to the issuer. Every step is audited.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  IPO_LISTING_DAYS,
  IPO_RETAIL_CAP_PAISE,
  paiseNumber,
  type TAllotmentResult,
  type TChargeSchedule,
  type TIpoIssue,
  type TIpoStatus,
  TM,
  addIstDays,
  asIstDay,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { istDateOf } from '../../platform/ist.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import {
  applyTransition,
  lifecycle,
  type Transition,
  type TransitionEvents,
} from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import { firmAccount, type LedgerService } from '../ledger/service.ts';
import type { Market } from '../market/service.ts';
import { allot, newSeed } from './allotment.ts';
import type { ChargeSchedule } from './charge-schedule.ts';
import type { Execution } from './execution.ts';
import { awaitingApplications, ipoDemand } from './orders.ts';
import { ipoIssues } from './tables.ts';
import { type IpoRow, ipoView } from './views.ts';

/** The console lists the latest issues; older ones stay in the database. */
const LIST_LIMIT = 200;

/** The steps operations (or the sweep, for listing) take; bidding opens and closes by date. */
export const IPO_TRANSITIONS: Record<'close' | 'allot' | 'list', Transition<TIpoStatus>> = {
  close: { from: ['upcoming', 'open'], to: 'closed' },
  allot: { from: ['closed'], to: 'allotted' },
  list: { from: ['allotted'], to: 'listed' },
};

/** An issue's status on the IST date of `at`, in SQL: `ipoStatus` of views.ts, case by case. */
const ipoStatusAt = (at: Date) => {
  const today = istDateOf(at);
  return sql`case
    when ${ipoIssues.listedAt} is not null then 'listed'
    when ${ipoIssues.allottedAt} is not null then 'allotted'
    when ${ipoIssues.withdrawnAt} is not null then 'withdrawn'
    when ${ipoIssues.closedAt} is not null or ${ipoIssues.closeDate} < ${today} then 'closed'
    when ${ipoIssues.openDate} <= ${today} then 'open'
    else 'upcoming' end`;
};

const IPO = lifecycle({
  name: 'trading.ipo',
  subject: 'ipo',
  table: ipoIssues,
  state: { sql: ipoStatusAt },
  transitions: IPO_TRANSITIONS,
  refuse(step, current: TIpoStatus | null) {
    if (current === null) return notFound(TM.offeringNotFound);
    if (step === 'close') return conflict(TM.ipoNotOpen);
    if (step === 'allot')
      return conflict(
        current === 'allotted' || current === 'listed' ? TM.ipoAlreadyAllotted : TM.ipoNotClosed,
      );
    return conflict(current === 'listed' ? TM.ipoAlreadyListed : TM.ipoNotAllotted);
  },
});

export async function ipoById(executor: Executor, id: string) {
  const [issue] = await executor.select().from(ipoIssues).where(eq(ipoIssues.id, id));
  return issue;
}

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  market: Market;
  execution: Execution;
  charges: ChargeSchedule;
  events?: TransitionEvents | undefined;
};

export function createIpos(deps: Deps) {
  const { db, clock, ledger, clients, market, execution } = deps;
  const { engine, calendar } = market;
  const today = () => istDateOf(clock.now());

  /** The next `days`-th trading day after `day` (SEBI's T+3 counts working days). */
  function tradingDaysAfter(day: string, days: number) {
    let date = asIstDay(day);
    for (let n = 0; n < days;) {
      date = addIstDays(date, 1);
      if (calendar.isTradingDay(date)) n++;
    }
    return date;
  }

  async function ipoViews(rows: IpoRow[]): Promise<TIpoIssue[]> {
    const demand = await ipoDemand(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ipoView(r, today(), demand.get(r.id) ?? { applications: 0, lots: 0 }));
  }

  async function ipoRow(id: string) {
    const row = await ipoById(db, id);
    if (!row) throw notFound(TM.offeringNotFound);
    return row;
  }

  return {
    defaultListingDate: (closeDate: string) => tradingDaysAfter(closeDate, IPO_LISTING_DAYS),

    async createIpo(
      input: {
        symbol: string;
        name: string;
        sector?: string | undefined;
        industry?: string | undefined;
        isin?: string | undefined;
        price_low: bigint;
        price_high: bigint;
        lot_size: number;
        shares_offered: number;
        open_date: string;
        close_date: string;
        listing_date?: string | undefined;
        description?: string | undefined;
      },
      staffId: string,
      actor: Actor,
    ): Promise<TIpoIssue> {
      if (input.price_high < input.price_low) throw badRequest(TM.bandInvalid);
      const listingDate =
        input.listing_date ?? tradingDaysAfter(input.close_date, IPO_LISTING_DAYS);
      if (input.close_date < input.open_date || listingDate < input.close_date)
        throw badRequest(TM.datesInvalid);
      if (input.shares_offered % input.lot_size !== 0) throw badRequest(TM.sharesInvalid);
      if (input.price_high * BigInt(input.lot_size) > IPO_RETAIL_CAP_PAISE)
        throw badRequest(TM.aboveRetailCap);
      if (engine.instrument(input.symbol)) throw conflict(TM.symbolTaken);
      const row = await plainTransaction(db)(async (tx) => {
        const [taken] = await tx
          .select({ id: ipoIssues.id })
          .from(ipoIssues)
          .where(eq(ipoIssues.symbol, input.symbol));
        if (taken) throw conflict(TM.symbolTaken);
        const [row] = await tx
          .insert(ipoIssues)
          .values({
            id: randomUUID(),
            symbol: input.symbol,
            name: input.name,
            sector: input.sector || null,
            industry: input.industry || null,
            isin: input.isin || null,
            description: input.description || null,
            priceLowPaise: input.price_low,
            priceHighPaise: input.price_high,
            lotSize: input.lot_size,
            sharesOffered: input.shares_offered,
            openDate: input.open_date,
            closeDate: input.close_date,
            listingDate,
            createdByStaffId: staffId,
            createdAt: clock.now(),
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'trading.ipo.create',
          subjectType: 'ipo',
          subjectId: row!.id,
          after: {
            symbol: row!.symbol,
            band: [String(input.price_low), String(input.price_high)],
            lot: input.lot_size,
            dates: [input.open_date, input.close_date, listingDate],
          },
        });
        return row!;
      });
      return (await ipoViews([row]))[0]!;
    },

    async ipos(status: 'open' | 'closed' | 'all'): Promise<TIpoIssue[]> {
      const rows = await db
        .select()
        .from(ipoIssues)
        .where(
          status === 'open'
            ? and(
                sql`${ipoIssues.closedAt} is null`,
                sql`${ipoIssues.withdrawnAt} is null`,
                sql`${ipoIssues.closeDate} >= ${today()}`,
              )
            : undefined,
        )
        .orderBy(desc(ipoIssues.openDate), desc(ipoIssues.createdAt))
        .limit(LIST_LIMIT);
      const views = await ipoViews(rows);
      return views.filter(
        (v) =>
          status === 'all' ||
          (status === 'open'
            ? ['upcoming', 'open'].includes(v.status)
            : !['upcoming', 'open'].includes(v.status)),
      );
    },

    async ipo(id: string): Promise<TIpoIssue> {
      return (await ipoViews([await ipoRow(id)]))[0]!;
    },

    ipoBySymbol: async (symbol: string) =>
      (await db.select().from(ipoIssues).where(eq(ipoIssues.symbol, symbol)))[0] ?? null,

    async namesOfIpos(symbols: string[], executor: Executor = db) {
      if (symbols.length === 0) return new Map<string, IpoRow>();
      const rows = await executor
        .select()
        .from(ipoIssues)
        .where(sql`${ipoIssues.symbol} in ${symbols}`);
      return new Map(rows.map((r) => [r.symbol, r]));
    },

    async closeIpo(id: string, actor: Actor): Promise<TIpoIssue> {
      const row = await plainTransaction(db)((tx) =>
        applyTransition(tx, IPO, 'close', {
          id,
          at: clock.now(),
          set: { closedAt: clock.now() },
          audit: { actor },
          events: deps.events,
        }),
      );
      return (await ipoViews([row]))[0]!;
    },

    /**
     * The allotment run, once, after bidding closes: at the upper price (retail bids are at
     * cut-off), by `allot`; each application is filled for its lots or refunded in full.
     */
    async allotIpo(
      id: string,
      seedInput: string | undefined,
      options: { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TAllotmentResult> {
      const schedule: TChargeSchedule = await deps.charges.current();
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        let summary: TAllotmentResult | undefined;
        await applyTransition(tx, IPO, 'allot', {
          id,
          at: clock.now(),
          set: { allottedAt: clock.now() },
          async effect(issue) {
            const applications = await awaitingApplications(tx, id);
            const seed = (seedInput ?? newSeed()).toLowerCase();
            const lotsOffered = Math.floor(issue.sharesOffered / issue.lotSize);
            const result = allot(
              lotsOffered,
              applications.map((a) => ({ id: a.id, lots: a.lots! })),
              seed,
            );
            const price = issue.priceHighPaise;
            let refunded = 0n;
            const people = await clients.refsOf(
              applications.map((a) => a.clientId),
              tx,
            );
            const allotments: TAllotmentResult['allotments'] = [];
            for (const application of applications) {
              const lots = result.lots.get(application.id) ?? 0;
              if (lots === 0) {
                refunded += application.holdPaise;
                await execution.release(
                  tx,
                  application,
                  'rejected',
                  'Not allotted; the blocked amount is released.',
                );
              } else {
                const { order } = await execution.fill(tx, application, {
                  quantity: lots * issue.lotSize,
                  pricePaise: price,
                  final: true,
                  schedule,
                });
                refunded += application.holdPaise - price * BigInt(lots * issue.lotSize);
                await clients.countTrade(tx, order.clientId);
              }
              allotments.push({
                order_id: application.id,
                client_uid: people.get(application.clientId)?.uid ?? '',
                lots_applied: application.lots!,
                lots_allotted: lots,
              });
            }
            summary = {
              ipo_id: id,
              seed,
              method: result.method,
              issue_price_paise: paiseNumber(price),
              lots_offered: lotsOffered,
              lots_applied: applications.reduce((s, a) => s + a.lots!, 0),
              applicants: applications.length,
              allotted_applicants: allotments.filter((a) => a.lots_allotted > 0).length,
              lots_allotted: allotments.reduce((s, a) => s + a.lots_allotted, 0),
              refunded_paise: paiseNumber(refunded),
              allotments,
            };
            const [row] = await tx
              .update(ipoIssues)
              .set({
                issuePricePaise: price,
                allotmentSeed: seed,
                allotment: summary,
                closedAt: issue.closedAt ?? clock.now(),
              })
              .where(eq(ipoIssues.id, id))
              .returning();
            return row;
          },
          audit: {
            actor: options.actor,
            details: () => ({
              seed: summary!.seed,
              method: summary!.method,
              lotsAllotted: summary!.lots_allotted,
              refunded: String(summary!.refunded_paise),
            }),
          },
          events: deps.events,
        });
        return summary!;
      });
    },

    async allotment(id: string): Promise<TAllotmentResult> {
      const row = await ipoRow(id);
      if (!row.allotment) throw conflict(TM.ipoNotAllotted);
      return row.allotment as TAllotmentResult;
    },

    /**
     * Listing: on or after the listing date the stock joins the market at the issue price
     * and the feed moves it from there; the escrowed money is paid to the issuer.
     */
    async listIpo(id: string, actor: Actor): Promise<TIpoIssue> {
      let price = 0n;
      const listed = await plainTransaction(db)((tx) =>
        applyTransition(tx, IPO, 'list', {
          id,
          at: clock.now(),
          set: { listedAt: clock.now() },
          async effect(issue) {
            if (today() < issue.listingDate) throw conflict(TM.ipoListingDate(issue.listingDate));
            price = issue.issuePricePaise ?? issue.priceHighPaise;
            const summary = issue.allotment as TAllotmentResult | null;
            const escrow = price * BigInt((summary?.lots_allotted ?? 0) * issue.lotSize);
            if (escrow > 0n)
              await ledger.transfer(tx, {
                kind: 'ipo_settlement',
                memo: `${issue.symbol} IPO proceeds paid to the issuer`,
                reference: `ipo:${issue.id}`,
                idempotencyKey: `ipo:${issue.id}:settle`,
                from: firmAccount('ipo_escrow'),
                to: firmAccount('bank_clearing'),
                amount: escrow,
              });
            await market.listInstrument(tx, {
              symbol: issue.symbol,
              name: issue.name,
              isin: issue.isin,
              sector: issue.sector,
              industry: issue.industry,
              refClosePaise: Number(price),
              sharesOffered: issue.sharesOffered,
              description: issue.description,
            });
          },
          audit: { actor, details: () => ({ price: String(price) }) },
          events: deps.events,
        }),
      );
      await market.addListed(listed.symbol);
      return (await ipoViews([listed]))[0]!;
    },

    /** Issues whose listing date has come and that are allotted: listed by the sweep. */
    async dueForListing() {
      const rows = await db
        .select()
        .from(ipoIssues)
        .where(
          and(
            sql`${ipoIssues.allottedAt} is not null`,
            sql`${ipoIssues.listedAt} is null`,
            sql`${ipoIssues.listingDate} <= ${today()}`,
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}
export type Ipos = ReturnType<typeof createIpos>;
