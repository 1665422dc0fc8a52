/**
 * Trading (domain.md "Trading", docs/api-trading.md): offerings, orders, the matcher,
 * holdings and the portfolio. Money moves only through the ledger, in the transaction that
 * moves the order. The market module lists `marketDeals` and the funds module values holdings
 * with `portfolio.valueOf`: the composition root (context.ts) hands both over when it builds
 * those services, so neither depends on trading and trading changes neither.
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { formatPaise, paiseToRupeeNumber, type TMarketListItem } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { dayRange } from '../../platform/ist.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import { forbidden } from '../../platform/errors.ts';
import { assertSees, type Viewer, viewerMay } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { Market } from '../market/service.ts';
import { createAllocations } from './allocations.ts';
import { createChargeSchedule } from './charge-schedule.ts';
import { createContractNotes } from './contract-notes.ts';
import { createDeskDecisions } from './desk-decisions.ts';
import { type BrokerageDiscount, createExecution } from './execution.ts';
import { createTradingActivity } from './activity.ts';
import {
  buyCostsSince,
  clientsTradedIn,
  openOrderHolds,
  saleProceedsSince,
} from './obligations.ts';
import { createGtts } from './gtts.ts';
import { createIpos } from './ipos.ts';
import { createListedEquity } from './listed-equity.ts';
import { createMatcher } from './matching.ts';
import { createOrderReads } from './orders.ts';
import { createOtcQuotes } from './otc-quotes.ts';
import { createPlacement } from './placement.ts';
import { createPledges } from './pledges.ts';
import { createTaxPnl, loadTaxFills } from './tax-pnl.ts';
import { createCorporateAdjustment } from './corporate-adjustment.ts';
import { loadLotAdjustments, positionsBefore } from './holding-adjustments.ts';
import { creditTransferredLots } from './transfer-credit.ts';

/** The pledge capability's refusal and shapes, for the credit module. */
export { PledgeBeyondFree, type PledgeLine, type Pledges } from './pledges.ts';
import { createPortfolio } from './portfolio.ts';
import { fills } from './tables.ts';

/** FIFO lots from fills: the portfolio module's returns use the tax P&L's own matching. */
export { matchLots, type LotAdjustment, type TaxFill } from './tax-lots.ts';
export { type HoldingAction, quantityAfter } from './corporate-adjustment.ts';

/** The demo install's open deals; only the demo seed calls this. */
export { seedDemoDeals } from './demo.ts';
export { dayContractNotesPdf } from './contract-notes.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  market: Market;
  /** Where orders' and offerings' steps are announced once committed. */
  events?: TransitionEvents | undefined;
  log?: (message: string, error?: unknown) => void;
  /** The client's VIP brokerage discount (the engagement module's, wired in context.ts). */
  brokerageDiscount?: BrokerageDiscount | undefined;
};

export function createTradingService(deps: Deps) {
  const { db, clock, ledger, clients, market, events } = deps;
  const charges = createChargeSchedule({ db, clock });
  const execution = createExecution({
    clock,
    ledger,
    events,
    brokerageDiscount: deps.brokerageDiscount,
  });
  const equity = createListedEquity(market);
  const allocations = createAllocations({ db, clock, equity, events });
  const otcQuotes = createOtcQuotes({ db, clock, equity, events });
  const ipos = createIpos({ db, clock, ledger, clients, market, execution, charges, events });
  /** What operations publish, as the console and the deals lists read it. */
  const offerings = { ...allocations, ...otcQuotes, ...ipos };

  /** Display names: the market's instruments, then IPOs not listed yet. */
  async function nameOf(symbols: string[], executor: Executor = db) {
    const names = new Map<string, string>();
    const missing: string[] = [];
    for (const s of symbols) {
      const instrument = market.engine.instrument(s);
      if (instrument) names.set(s, instrument.name);
      else missing.push(s);
    }
    for (const [symbol, row] of await ipos.namesOfIpos(missing, executor))
      names.set(symbol, row.name);
    return names;
  }

  const reads = createOrderReads({ db, nameOf });
  const placement = createPlacement({
    db,
    clock,
    ledger,
    clients,
    market,
    execution,
    charges,
    reads,
    events,
  });
  const desk = createDeskDecisions({ db, clock, clients, execution, charges });
  /** Orders as routes use them: reads, placing and cancelling, the desk's decisions. */
  const orders = { ...reads, ...placement, ...desk };
  const portfolio = createPortfolio({ db, clock, market, ipos });
  const taxPnl = createTaxPnl({ db, clock, market, nameOf });

  /** The holdings export's rows: the portfolio's holdings with their ISINs, and whose they are. */
  async function holdingsExport(clientId: string) {
    const [client, list] = await Promise.all([
      clients.byId(clientId),
      portfolio.holdingsOf(clientId),
    ]);
    return {
      owner: { name: client.name ?? '', uid: client.uid },
      holdings: list.map((h) => ({ ...h, isin: market.engine.instrument(h.symbol)?.isin ?? null })),
    };
  }

  /** The tax P&L of a financial year, and whose it is (the files name the client). */
  async function taxReport(clientId: string, year?: number) {
    const [client, report] = await Promise.all([
      clients.byId(clientId),
      taxPnl.report(clientId, year),
    ]);
    return { owner: { name: client.name ?? '', uid: client.uid }, report };
  }
  /** Pledges of holdings for loans against shares (the credit module calls these). */
  const pledges = createPledges({ clock, market });
  const contractNotes = createContractNotes({
    db,
    clients,
    nameOf,
    isinOf: (symbol) => market.engine.instrument(symbol)?.isin ?? null,
  });
  const gtts = createGtts({
    db,
    clock,
    clients,
    market,
    placement,
    nameOf,
    events,
    log: deps.log,
  });
  const matcher = createMatcher({
    db,
    clock,
    market,
    clients,
    execution,
    charges,
    ipos,
    gtts,
    log: deps.log,
  });

  /** What is open now, for the clients' deals lists. */
  async function openDeals() {
    const [institutional, otc, ipo] = await Promise.all([
      offerings.allocations('open'),
      offerings.quotes('open'),
      offerings.ipos('open'),
    ]);
    return { institutional, otc, ipo };
  }

  /** The open OTC quotes and IPOs as items of the market filter's lists. */
  const marketDeals = {
    async otc(): Promise<TMarketListItem[]> {
      const quotes = await offerings.quotes('open');
      return quotes.map((q) => ({
        kind: 'otc',
        id: q.id,
        symbol: q.symbol,
        name: q.name,
        price: paiseToRupeeNumber(q.price_paise),
        change_pct: null,
        detail: `${q.side === 'buy' ? 'Buy' : 'Sell'} ${q.remaining.toLocaleString('en-IN')} @ ${formatPaise(q.price_paise)}`,
      }));
    },
    async ipo(): Promise<TMarketListItem[]> {
      const issues = await offerings.ipos('open');
      return issues.map((i) => ({
        kind: 'ipo',
        id: i.id,
        symbol: i.symbol,
        name: i.name,
        price: paiseToRupeeNumber(i.price_high_paise),
        change_pct: null,
        detail: `Band ${formatPaise(i.price_low_paise)}–${formatPaise(i.price_high_paise)} · lot ${i.lot_size} · ${i.status === 'open' ? `closes ${i.close_date}` : `opens ${i.open_date}`}`,
      }));
    },
  };

  /**
   * The console's order list as the viewer may read it: the desk (operations, admin) every
   * order; support and advisors one client's, and an advisor only their own client's.
   */
  async function ordersSeenBy(viewer: Viewer, query: Parameters<typeof orders.list>[0]) {
    if (!viewerMay(viewer, 'trading')) {
      if (!query.clientId) throw forbidden('Your role does not allow this.');
      assertSees(viewer, (await clients.byId(query.clientId)).advisorId);
    }
    return orders.list(query);
  }

  /**
   * The brokerage a client paid on fills executed in [from, to]: what an offer's cashback
   * gives back a share of (the offers module reads it through this port). `to` is the claim's
   * moment and counts: a fill stamped in that same millisecond has already been paid for.
   */
  async function brokeragePaid(clientId: string, from: Date, to: Date): Promise<bigint> {
    const [row] = await deps.db
      .select({
        total: sql<string>`coalesce(sum((${fills.charges}->>'brokerage_paise')::bigint), 0)::text`,
      })
      .from(fills)
      .where(
        and(eq(fills.clientId, clientId), gte(fills.executedAt, from), lte(fills.executedAt, to)),
      );
    return BigInt(row?.total ?? '0');
  }

  /**
   * Who held `symbol` when trading closed before `exDate`, and how many: what a corporate
   * action's record date entitles (T+1: a buy the day before the ex-date settles on the record
   * date; a buy on the ex-date does not).
   */
  async function holdersBefore(symbol: string, exDate: string, executor: Executor = db) {
    const { start } = dayRange(exDate);
    // Splits and bonuses applied before the ex-date count (holding_adjustments).
    return positionsBefore(executor, symbol, start!);
  }
  const corporate = createCorporateAdjustment({ clock, execution, gtts });

  return {
    holdersBefore,
    brokeragePaid,
    charges,
    execution,
    offerings,
    orders,
    ordersSeenBy,
    portfolio,
    holdingsExport,
    gtts,
    taxReport,
    pledges,
    contractNotes,
    matcher,
    openDeals,
    marketDeals,
    nameOf,
    /** A client's fills as the tax lots read them (the portfolio module's returns). */
    taxFillsOf: (clientId: string) => loadTaxFills(db, clientId),
    /** What corporate actions did to a client's lots (tax-lots.ts folds them in). */
    lotAdjustmentsOf: (clientId: string) => loadLotAdjustments(db, clientId),
    /** Applies a split, consolidation, bonus or symbol change in the caller's transaction. */
    applyCorporateAction: corporate.apply,
    /** Credits shares transferred in from another broker, lots and all (decision 060). */
    creditTransferredLots,
    /** Instrument facts and the last price, for valuing and allocating holdings. */
    instrumentOf: (symbol: string) => market.engine.instrument(symbol),
    lastPriceOf: (symbol: string) => market.engine.state(symbol)?.last ?? null,
    /** A client's fills and orders by type, for engagement's score, achievements and radar. */
    activity: createTradingActivity(db),
    /** What open orders and unsettled sales need of a client's cash (settlement, decision 045). */
    obligations: {
      openOrderHolds: (clientId: string, executor: Executor = db) =>
        openOrderHolds(executor, clientId),
      saleProceedsSince: (clientId: string, from: Date, executor: Executor = db) =>
        saleProceedsSince(executor, clientId, from),
      buyCostsSince: (clientId: string, from: Date, executor: Executor = db) =>
        buyCostsSince(executor, clientId, from),
      clientsTradedIn: (clientIds: string[], from: Date, to: Date, executor: Executor = db) =>
        clientsTradedIn(executor, clientIds, from, to),
    },
  };
}
export { ORDER_PLACED_CHANNEL } from './placement.ts';
export type { GttInput } from './gtts.ts';
export type TradingService = ReturnType<typeof createTradingService>;
