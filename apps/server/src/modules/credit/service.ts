/**
 * Credit (domain.md "Credit and engagement", docs/api-credit.md): credit products, quotes,
 * loans from application to closure, daily interest, repayments and pledge monitoring.
 * Money moves only through the ledger service; holdings are pledged only through the
 * trading service's pledge capability; clients and staff are read through their services.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { TradingService } from '../trading/service.ts';
import { createBenchmark } from './benchmark.ts';
import { createClosure } from './closure.ts';
import { createConsolePapers } from './console-papers.ts';
import { createKeyFacts } from './key-facts.ts';
import { createLoans } from './loans.ts';
import type { IsTradingDay } from './invocation.ts';
import type { ClientNotice } from './margin-calls.ts';
import { createMonitoring } from './monitoring.ts';
import { createCreditProducts } from './products.ts';
import { createPunctuality } from './punctuality.ts';
import { createServicing } from './servicing.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  staff: StaffService;
  trading: TradingService;
  /** Where loans' status changes are announced once committed (the bus). */
  events?: TransitionEvents | undefined;
  /** E-mail to a client about their loan (margin calls), in the change's transaction. */
  notify?: ClientNotice | undefined;
  /** The exchange calendar's trading days (the market module's, as settlement reads them). */
  isTradingDay: IsTradingDay;
};

export function createCreditService(deps: Deps) {
  const { db, clock, ledger, clients, staff, trading, events } = deps;
  const products = createCreditProducts({ db, clock });
  const loans = createLoans({
    db,
    clock,
    ledger,
    clients,
    staff,
    pledges: trading.pledges,
    products,
    events,
  });
  const servicing = createServicing({
    db,
    clock,
    ledger,
    clients,
    loans,
    events,
    notify: deps.notify,
  });
  const benchmark = createBenchmark({ db, clock });
  const keyFacts = createKeyFacts({
    db,
    clock,
    quoteChecked: loans.quoteChecked,
    assertBorrower: loans.assertBorrower,
  });
  const closure = createClosure({ db, clock, ledger, clients, loans, servicing, products });
  const papers = createConsolePapers({ loans, keyFacts, closure });
  const monitoring = createMonitoring({
    db,
    clock,
    ledger,
    loans,
    products,
    pledges: trading.pledges,
    servicing,
    orders: trading.orders,
    notify: deps.notify,
    isTradingDay: deps.isTradingDay,
  });

  const startJobs = (everyMs: number, log: JobLog) =>
    startCreditJobs(servicing, monitoring, everyMs, log);

  /** Repayment records for engagement's trust score and achievements. */
  const punctuality = createPunctuality(db);

  return {
    products,
    benchmark,
    loans,
    keyFacts,
    closure,
    papers,
    servicing,
    monitoring,
    punctuality,
    startJobs,
  };
}
export type CreditService = ReturnType<typeof createCreditService>;

type JobLog = (message: string, error: unknown) => void;
type Servicing = ReturnType<typeof createServicing>;
type Monitoring = ReturnType<typeof createMonitoring>;

/**
 * The leader's credit jobs: interest accrual up to yesterday (a missed day is caught up)
 * and the pledge monitor, once at start and then every `everyMs`. Returns the stop.
 */
export function startCreditJobs(
  servicing: Servicing,
  monitoring: Monitoring,
  everyMs: number,
  log: JobLog,
) {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        await servicing.runAccrual();
      } catch (error) {
        log('loan interest accrual failed', error);
      }
      try {
        await monitoring.check();
      } catch (error) {
        log('pledge monitoring failed', error);
      }
    })().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
