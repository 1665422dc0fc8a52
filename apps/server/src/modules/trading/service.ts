/**
 * Trading (domain.md "Trading", docs/api-trading.md): offerings, orders, the matcher,
 * holdings and the portfolio. Money moves only through the ledger, in the transaction that
 * moves the order. The market module lists `marketDeals` and the funds module values holdings
 * with `portfolio.valueOf`: the composition root (context.ts) hands both over when it builds
 * those services, so neither depends on trading and trading changes neither.
 */
import type { Db, Executor } from '../../db/client.ts';
import { dayRange } from '../../platform/ist.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { Market } from '../market/service.ts';
import { createAllocations } from './allocations.ts';
import { brokeragePaid } from './brokerage-paid.ts';
import { cashObligations } from './cash-obligations.ts';
import { createChargeSchedule } from './charge-schedule.ts';
import { createContractNotes } from './contract-notes.ts';
import { createDeskDecisions } from './desk-decisions.ts';
import { displayNames } from './display-names.ts';
import { type BrokerageDiscounts, createExecution } from './execution.ts';
import { createTradingActivity } from './activity.ts';
import { createGtts } from './gtts.ts';
import { createIpos } from './ipos.ts';
import { createListedEquity } from './listed-equity.ts';
import { createMarketDeals } from './market-deals.ts';
import { createMatcher } from './matching.ts';
import { createOrderReads } from './orders.ts';
import { createOtcQuotes } from './otc-quotes.ts';
import { ordersSeenBy } from './orders-seen-by.ts';
import { holdingsExport, taxReport } from './owner-reports.ts';
import { createPlacement } from './placement.ts';
import { createPledges } from './pledges.ts';
import { createTaxFillsCache } from './tax-fills-cache.ts';
import { createTaxPnl } from './tax-pnl.ts';
import { createCorporateAdjustment } from './corporate-adjustment.ts';
import { loadLotAdjustments, positionsBefore } from './holding-adjustments.ts';
import { creditTransferredLots } from './transfer-credit.ts';

/** The pledge capability's refusal and shapes, for the credit module. */
export { PledgeBeyondFree, type PledgeLine, type Pledges } from './pledges.ts';
import { createPortfolio } from './portfolio.ts';

/** FIFO lots from fills: the portfolio module's returns use the tax P&L's own matching. */
export { matchLots, type LotAdjustment, type TaxFill } from './tax-lots.ts';
export { fillDay } from './fill-day.ts';
export { type HoldingAction, quantityAfter } from './corporate-adjustment.ts';

/** The demo install's open deals; only the demo seed calls this. */
export { seedDemoDeals } from './demo.ts';
export { dayContractNotesPdf } from './contract-note-pdf.ts';
export { createDayNotesPdfPool, type DayNotesPdfPool } from './day-notes-pdf-pool.ts';

type Deps = {
  db: Db;
  clock: Clock;
  /** Tells every instance that the charge schedule changed (charge-schedule.ts). */
  bus: Bus;
  ledger: LedgerService;
  clients: ClientService;
  market: Market;
  /** Where orders' and offerings' steps are announced once committed. */
  events?: TransitionEvents | undefined;
  log?: (message: string, error?: unknown) => void;
  /** The client's VIP brokerage discount (the engagement module's, wired in context.ts). */
  brokerageDiscounts?: BrokerageDiscounts | undefined;
};

/** The offerings, orders and what reads them: each part built from the ones before it. */
function createOrderParts(deps: Deps) {
  const { db, clock, ledger, clients, market, events } = deps;
  const charges = createChargeSchedule({ db, clock, bus: deps.bus });
  const execution = createExecution({
    clock,
    ledger,
    events,
    brokerageDiscounts: deps.brokerageDiscounts,
  });
  const equity = createListedEquity(market);
  const allocations = createAllocations({ db, clock, equity, events });
  const otcQuotes = createOtcQuotes({ db, clock, equity, events });
  const ipos = createIpos({
    db,
    clock,
    ledger,
    clients,
    market,
    execution,
    charges,
    events,
  });
  /** What operations publish, as the console and the deals lists read it. */
  const offerings = { ...allocations, ...otcQuotes, ...ipos };
  const nameOf = (symbols: string[], executor: Executor = db) =>
    displayNames({ db, market, ipos }, symbols, executor);
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
  return { charges, execution, ipos, offerings, nameOf, placement, orders };
}

/** The portfolio, reports, GTTs and the matcher, over the order parts. */
function createTradingParts(deps: Deps) {
  const { db, clock, clients, market, events } = deps;
  const parts = createOrderParts(deps);
  const { charges, execution, ipos, nameOf, placement } = parts;
  const portfolio = createPortfolio({ db, clock, market, ipos });
  const taxFillsOf = createTaxFillsCache(db);
  const taxPnl = createTaxPnl({ db, clock, market, nameOf, taxFillsOf });
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
    events,
    log: deps.log,
  });
  const corporate = createCorporateAdjustment({ clock, execution, gtts });
  return {
    ...parts,
    portfolio,
    taxFillsOf,
    taxPnl,
    pledges,
    contractNotes,
    gtts,
    matcher,
    corporate,
  };
}

export function createTradingService(deps: Deps) {
  const { db, clients, market } = deps;
  const parts = createTradingParts(deps);
  const { offerings, orders, portfolio, taxPnl } = parts;

  /** What is open now, for the clients' deals lists. */
  async function openDeals() {
    const [institutional, otc, ipo] = await Promise.all([
      offerings.allocations('open'),
      offerings.quotes('open'),
      offerings.ipos('open'),
    ]);
    return { institutional, otc, ipo };
  }

  return {
    /**
     * Who held `symbol` when trading closed before `exDate`, and how many: what a corporate
     * action's record date entitles (T+1: a buy the day before the ex-date settles on the record
     * date; a buy on the ex-date does not).
     */
    async holdersBefore(symbol: string, exDate: string, executor: Executor = db) {
      const { start } = dayRange(exDate);
      // Splits and bonuses applied before the ex-date count (holding_adjustments).
      return positionsBefore(executor, symbol, start!);
    },
    brokeragePaid: (clientId: string, from: Date, to: Date) =>
      brokeragePaid(db, clientId, from, to),
    charges: parts.charges,
    execution: parts.execution,
    offerings,
    orders,
    ordersSeenBy: (viewer: Viewer, query: Parameters<typeof orders.list>[0]) =>
      ordersSeenBy({ clients, orders }, viewer, query),
    portfolio,
    holdingsExport: (clientId: string) => holdingsExport({ clients, market, portfolio }, clientId),
    gtts: parts.gtts,
    taxReport: (clientId: string, year?: number) => taxReport({ clients, taxPnl }, clientId, year),
    pledges: parts.pledges,
    contractNotes: parts.contractNotes,
    matcher: parts.matcher,
    openDeals,
    marketDeals: createMarketDeals(offerings),
    nameOf: parts.nameOf,
    /** A client's fills as the tax lots read them (the portfolio module's returns). */
    taxFillsOf: parts.taxFillsOf,
    /** What corporate actions did to a client's lots (tax-lots.ts folds them in). */
    lotAdjustmentsOf: (clientId: string) => loadLotAdjustments(db, clientId),
    /** Applies a split, consolidation, bonus or symbol change in the caller's transaction. */
    applyCorporateAction: parts.corporate.apply,
    /** Credits shares transferred in from another broker, lots and all (decision 060). */
    creditTransferredLots,
    /** Instrument facts and the last price, for valuing and allocating holdings. */
    instrumentOf: (symbol: string) => market.engine.instrument(symbol),
    lastPriceOf: (symbol: string) => market.engine.state(symbol)?.last ?? null,
    /** A client's fills and orders by type, for engagement's score, achievements and radar. */
    activity: createTradingActivity(db),
    /** What open orders and unsettled sales need of a client's cash (settlement, decision 045). */
    obligations: cashObligations(db),
  };
}
export { ORDER_CHANGED_CHANNEL, ORDER_PLACED_CHANNEL } from './placement.ts';
export type { GttInput } from './gtts.ts';
export type TradingService = ReturnType<typeof createTradingService>;
