/** What the pledge-monitoring use cases are given. */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { Pledges, TradingService } from '../trading/service.ts';
import type { IsTradingDay } from './invocation.ts';
import type { Loans } from './loans.ts';
import type { ClientNotice } from './margin-call-deps.ts';
import type { MarginCalls } from './margin-calls.ts';
import type { CreditProducts } from './products.ts';
import type { Servicing } from './servicing.ts';

export type MonitoringDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  loans: Loans;
  products: CreditProducts;
  pledges: Pledges;
  servicing: Servicing;
  /** Trading's orders: a market sale of pledged shares, and how such a sale ended. */
  orders: Pick<TradingService['orders'], 'sellPledged' | 'outcomes'>;
  /** E-mail to the client for a margin call, its end and an invocation. */
  notify?: ClientNotice | undefined;
  /** The exchange calendar's trading days: a margin call's deadline counts them. */
  isTradingDay: IsTradingDay;
};

/** The monitor's use cases also step margin calls (margin-calls.ts), wired once. */
export type MonitorDeps = MonitoringDeps & { marginCalls: MarginCalls };
