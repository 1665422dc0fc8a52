/**
 * What operations offer: institutional allocations, OTC desk quotes and IPO issues, with the
 * IPO's close, allotment run and listing. Every change is audited in its transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, sql, sum } from 'drizzle-orm';
import {
  formatPaise,
  IPO_LISTING_DAYS,
  IPO_RETAIL_CAP_PAISE,
  OTC_BAND_PCT,
  paiseNumber,
  percentOf,
  type TAllotmentResult,
  type TChargeSchedule,
  type TInstitutionalOffering,
  type TInstrumentReference,
  type TIpoIssue,
  TM,
  type TOtcQuote,
} from '@sampada/shared';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/idempotency.ts';
import type { ClientService } from '../clients/service.ts';
import { firmAccount, type LedgerService } from '../ledger/service.ts';
import { istDateOf, type Market } from '../market/service.ts';
import { allot, newSeed } from './allotment.ts';
import type { ChargeSchedule } from './charge-schedule.ts';
import type { Execution } from './execution.ts';
import { institutionalAllocations, ipoIssues, orders, otcQuotes } from './tables.ts';
import {
  allocationView,
  type InstrumentInfo,
  type IpoRow,
  ipoStatus,
  ipoView,
  quoteView,
} from './views.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  market: Market;
  execution: Execution;
  charges: ChargeSchedule;
};

/** The ±3% block-deal band around a reference price, in paise (rounded inwards). */
export function otcBand(referencePaise: bigint) {
  const delta = percentOf(referencePaise, OTC_BAND_PCT, 'down');
  return { lower: referencePaise - delta, upper: referencePaise + delta };
}

/** The console lists the latest offerings of a kind; older ones stay in the database. */
const LIST_LIMIT = 200;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function createOfferings(deps: Deps) {
  const { db, clock, ledger, clients, market, execution } = deps;
  const { engine, calendar } = market;
  const today = () => istDateOf(clock.now());

  function info(symbol: string): InstrumentInfo {
    const instrument = engine.instrument(symbol);
    const state = engine.state(symbol);
    return {
      name: instrument?.name ?? symbol,
      sector: instrument?.sector ?? null,
      pricePaise: state ? BigInt(state.last) : null,
    };
  }

  function listedEquity(symbol: string) {
    const instrument = engine.instrument(symbol);
    const state = engine.state(symbol);
    if (!instrument || instrument.market !== 'NSE' || !state) throw badRequest(TM.symbolUnknown);
    return { instrument, state };
  }

  /** The next `days`-th trading day after `day` (SEBI's T+3 counts working days). */
  function tradingDaysAfter(day: string, days: number) {
    let date = day;
    for (let n = 0; n < days;) {
      date = addDays(date, 1);
      if (calendar.isTradingDay(date)) n++;
    }
    return date;
  }

  async function demandOf(ipoIds: string[]) {
    const rows = ipoIds.length
      ? await db
          .select({ id: orders.offeringId, applications: count(), lots: sum(orders.lots) })
          .from(orders)
          .where(
            and(
              eq(orders.type, 'ipo'),
              sql`${orders.offeringId} in ${ipoIds}`,
              sql`${orders.status} not in ('cancelled')`,
            ),
          )
          .groupBy(orders.offeringId)
      : [];
    return new Map(
      rows.map((r) => [r.id!, { applications: r.applications, lots: Number(r.lots ?? 0) }]),
    );
  }

  async function ipoViews(rows: IpoRow[]): Promise<TIpoIssue[]> {
    const demand = await demandOf(rows.map((r) => r.id));
    return rows.map((r) => ipoView(r, today(), demand.get(r.id) ?? { applications: 0, lots: 0 }));
  }

  async function ipoRow(executor: Db | Tx, id: string, lock = false) {
    const query = executor.select().from(ipoIssues).where(eq(ipoIssues.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(TM.offeringNotFound);
    return row;
  }

  async function audited<T>(
    transaction: TransactionRunner,
    actor: Actor,
    action: string,
    subject: string,
    work: (tx: Tx) => Promise<{ id: string; after: object; result: T }>,
  ): Promise<T> {
    return transaction(async (tx) => {
      const done = await work(tx);
      await recordAudit(tx, actor, {
        action: `trading.${action}`,
        subjectType: subject,
        subjectId: done.id,
        after: done.after,
      });
      return done.result;
    });
  }

  return {
    info,

    reference(symbol: string): TInstrumentReference {
      const { instrument, state } = listedEquity(symbol.toUpperCase());
      const reference = BigInt(state.last);
      const band = otcBand(reference);
      return {
        symbol: instrument.symbol,
        name: instrument.name,
        price_paise: state.last,
        prev_close_paise: state.prevClose,
        otc_lower_paise: paiseNumber(band.lower),
        otc_upper_paise: paiseNumber(band.upper),
      };
    },

    // ---------- Institutional allocations ----------

    async createAllocation(
      input: {
        symbol: string;
        price: bigint;
        quantity: number;
        opens_at: string;
        closes_at: string;
        note?: string | undefined;
      },
      staffId: string,
      actor: Actor,
    ): Promise<TInstitutionalOffering> {
      listedEquity(input.symbol);
      const opensAt = new Date(input.opens_at);
      const closesAt = new Date(input.closes_at);
      if (closesAt <= opensAt) throw badRequest(TM.windowInvalid);
      if (closesAt <= clock.now()) throw badRequest(TM.windowPast);
      const row = await audited(
        plainTransaction(db),
        actor,
        'allocation.create',
        'allocation',
        async (tx) => {
          const [row] = await tx
            .insert(institutionalAllocations)
            .values({
              id: randomUUID(),
              symbol: input.symbol,
              pricePaise: input.price,
              quantity: input.quantity,
              opensAt,
              closesAt,
              note: input.note || null,
              createdByStaffId: staffId,
              createdAt: clock.now(),
            })
            .returning();
          return {
            id: row!.id,
            after: { symbol: row!.symbol, price: String(row!.pricePaise), quantity: row!.quantity },
            result: row!,
          };
        },
      );
      return allocationView(row, info(row.symbol), clock.now());
    },

    async allocations(status: 'open' | 'closed' | 'all'): Promise<TInstitutionalOffering[]> {
      // Open ones are few and read often (every deals list); the rest are the latest 200.
      const rows = await db
        .select()
        .from(institutionalAllocations)
        .where(
          status === 'open'
            ? and(
                sql`${institutionalAllocations.closedAt} is null`,
                sql`${institutionalAllocations.closesAt} > ${clock.now()}`,
              )
            : undefined,
        )
        .orderBy(desc(institutionalAllocations.createdAt))
        .limit(status === 'open' ? 1000 : LIST_LIMIT);
      const now = clock.now();
      return rows
        .map((r) => allocationView(r, info(r.symbol), now))
        .filter((v) => status === 'all' || v.status === status);
    },

    async closeAllocation(id: string, actor: Actor): Promise<TInstitutionalOffering> {
      const row = await audited(
        plainTransaction(db),
        actor,
        'allocation.close',
        'allocation',
        async (tx) => {
          const [row] = await tx
            .update(institutionalAllocations)
            .set({ closedAt: clock.now() })
            .where(
              and(
                eq(institutionalAllocations.id, id),
                sql`${institutionalAllocations.closedAt} is null`,
              ),
            )
            .returning();
          if (!row) throw notFound(TM.offeringNotFound);
          return { id, after: { closed: true }, result: row };
        },
      );
      return allocationView(row, info(row.symbol), clock.now());
    },

    // ---------- OTC quotes ----------

    async createQuote(
      input: {
        symbol: string;
        side: 'buy' | 'sell';
        price: bigint;
        quantity: number;
        valid_until: string;
        note?: string | undefined;
      },
      staffId: string,
      actor: Actor,
    ): Promise<TOtcQuote> {
      const { state } = listedEquity(input.symbol);
      const reference = BigInt(state.last);
      const band = otcBand(reference);
      if (input.price < band.lower || input.price > band.upper)
        throw badRequest(TM.priceOutsideOtcBand(formatPaise(band.lower), formatPaise(band.upper)));
      const validUntil = new Date(input.valid_until);
      if (validUntil <= clock.now()) throw badRequest(TM.windowPast);
      const row = await audited(
        plainTransaction(db),
        actor,
        'otc.create',
        'otc_quote',
        async (tx) => {
          const [row] = await tx
            .insert(otcQuotes)
            .values({
              id: randomUUID(),
              symbol: input.symbol,
              side: input.side,
              pricePaise: input.price,
              referencePricePaise: reference,
              quantity: input.quantity,
              validUntil,
              note: input.note || null,
              createdByStaffId: staffId,
              createdAt: clock.now(),
            })
            .returning();
          return {
            id: row!.id,
            after: {
              symbol: row!.symbol,
              side: row!.side,
              price: String(row!.pricePaise),
              reference: String(reference),
              quantity: row!.quantity,
            },
            result: row!,
          };
        },
      );
      return quoteView(row, info(row.symbol), clock.now());
    },

    async quotes(status: 'open' | 'closed' | 'all'): Promise<TOtcQuote[]> {
      const rows = await db
        .select()
        .from(otcQuotes)
        .where(
          status === 'open'
            ? and(sql`${otcQuotes.closedAt} is null`, sql`${otcQuotes.validUntil} > ${clock.now()}`)
            : undefined,
        )
        .orderBy(desc(otcQuotes.createdAt))
        .limit(status === 'open' ? 1000 : LIST_LIMIT);
      const now = clock.now();
      return rows
        .map((r) => quoteView(r, info(r.symbol), now))
        .filter((v) => status === 'all' || v.status === status);
    },

    async closeQuote(id: string, actor: Actor): Promise<TOtcQuote> {
      const row = await audited(
        plainTransaction(db),
        actor,
        'otc.close',
        'otc_quote',
        async (tx) => {
          const [row] = await tx
            .update(otcQuotes)
            .set({ closedAt: clock.now() })
            .where(and(eq(otcQuotes.id, id), sql`${otcQuotes.closedAt} is null`))
            .returning();
          if (!row) throw notFound(TM.offeringNotFound);
          return { id, after: { closed: true }, result: row };
        },
      );
      return quoteView(row, info(row.symbol), clock.now());
    },

    // ---------- IPOs ----------

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
      const row = await audited(plainTransaction(db), actor, 'ipo.create', 'ipo', async (tx) => {
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
        return {
          id: row!.id,
          after: {
            symbol: row!.symbol,
            band: [String(input.price_low), String(input.price_high)],
            lot: input.lot_size,
            dates: [input.open_date, input.close_date, listingDate],
          },
          result: row!,
        };
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
      return (await ipoViews([await ipoRow(db, id)]))[0]!;
    },

    ipoBySymbol: async (symbol: string) =>
      (await db.select().from(ipoIssues).where(eq(ipoIssues.symbol, symbol)))[0] ?? null,

    async namesOfIpos(symbols: string[], executor: Db | Tx = db) {
      if (symbols.length === 0) return new Map<string, IpoRow>();
      const rows = await executor
        .select()
        .from(ipoIssues)
        .where(sql`${ipoIssues.symbol} in ${symbols}`);
      return new Map(rows.map((r) => [r.symbol, r]));
    },

    async closeIpo(id: string, actor: Actor): Promise<TIpoIssue> {
      const row = await audited(plainTransaction(db), actor, 'ipo.close', 'ipo', async (tx) => {
        const row = await ipoRow(tx, id, true);
        const status = ipoStatus(row, today());
        if (status !== 'open' && status !== 'upcoming') throw conflict(TM.ipoNotOpen);
        const [closed] = await tx
          .update(ipoIssues)
          .set({ closedAt: clock.now() })
          .where(eq(ipoIssues.id, id))
          .returning();
        return { id, after: { closed: true, status }, result: closed! };
      });
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
      return audited(transaction, options.actor, 'ipo.allot', 'ipo', async (tx) => {
        const issue = await ipoRow(tx, id, true);
        const status = ipoStatus(issue, today());
        if (status === 'allotted' || status === 'listed') throw conflict(TM.ipoAlreadyAllotted);
        if (status !== 'closed') throw conflict(TM.ipoNotClosed);
        const applications = await tx
          .select()
          .from(orders)
          .where(
            and(eq(orders.offeringId, id), eq(orders.type, 'ipo'), eq(orders.status, 'awaiting')),
          )
          .orderBy(asc(orders.createdAt))
          .for('update');
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
        const lotsAllotted = allotments.reduce((s, a) => s + a.lots_allotted, 0);
        const summary: TAllotmentResult = {
          ipo_id: id,
          seed,
          method: result.method,
          issue_price_paise: paiseNumber(price),
          lots_offered: lotsOffered,
          lots_applied: applications.reduce((s, a) => s + a.lots!, 0),
          applicants: applications.length,
          allotted_applicants: allotments.filter((a) => a.lots_allotted > 0).length,
          lots_allotted: lotsAllotted,
          refunded_paise: paiseNumber(refunded),
          allotments,
        };
        await tx
          .update(ipoIssues)
          .set({
            issuePricePaise: price,
            allotmentSeed: seed,
            allotment: summary,
            allottedAt: clock.now(),
            closedAt: issue.closedAt ?? clock.now(),
          })
          .where(eq(ipoIssues.id, id));
        return {
          id,
          after: { seed, method: result.method, lotsAllotted, refunded: String(refunded) },
          result: summary,
        };
      });
    },

    async allotment(id: string): Promise<TAllotmentResult> {
      const row = await ipoRow(db, id);
      if (!row.allotment) throw conflict(TM.ipoNotAllotted);
      return row.allotment as TAllotmentResult;
    },

    /**
     * Listing: on or after the listing date the stock joins the market at the issue price
     * and the feed moves it from there; the escrowed money is paid to the issuer.
     */
    async listIpo(id: string, actor: Actor): Promise<TIpoIssue> {
      const listed = await audited(plainTransaction(db), actor, 'ipo.list', 'ipo', async (tx) => {
        const issue = await ipoRow(tx, id, true);
        if (!issue.allottedAt) throw conflict(TM.ipoNotAllotted);
        if (issue.listedAt) throw conflict(TM.ipoAlreadyListed);
        if (today() < issue.listingDate) throw conflict(TM.ipoListingDate(issue.listingDate));
        const price = issue.issuePricePaise ?? issue.priceHighPaise;
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
        const [row] = await tx
          .update(ipoIssues)
          .set({ listedAt: clock.now() })
          .where(eq(ipoIssues.id, id))
          .returning();
        return { id, after: { listed: true, price: String(price) }, result: row! };
      });
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
export type Offerings = ReturnType<typeof createOfferings>;
