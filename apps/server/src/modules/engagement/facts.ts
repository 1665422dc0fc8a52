/**
 * What engagement knows of a client, gathered through the other modules' services (wired in
 * context.ts as ports, so this module imports none of them): the computations in vip.ts,
 * score.ts, achievements.ts and radar.ts are pure functions of these facts.
 */
export type FillFact = {
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  valuePaise: bigint;
  chargesPaise: bigint;
  /** Sells: the proceeds less the cost removed (negative for a loss). */
  realisedPaise: bigint;
  executedAt: Date;
};

export type HoldingFact = {
  symbol: string;
  sector: string | null;
  quantity: number;
  valuePaise: bigint;
  investedPaise: bigint;
};

export type ClientFacts = {
  createdAt: Date;
  kycApproved: boolean;
  cashPaise: bigint;
  loansOwedPaise: bigint;
  depositsConfirmed: number;
  /** Deposit claims (a UTR the client said they paid) that operations rejected. */
  claimsRejected: number;
  holdings: HoldingFact[];
  fills: FillFact[];
  /** Orders that filled, by how they were placed: market, limit, sl, sl_m, ipo, … */
  filledOrdersByType: Record<string, number>;
  ipoBids: number;
  loansClosed: number;
  instalments: { due: number; onTime: number; late: number };
  staffPoints: number;
};

/** A trading record: every fill, the orders that filled by type, the IPO bids placed. */
export type TradesFact = {
  fills: FillFact[];
  filledOrdersByType: Record<string, number>;
  ipoBids: number;
};

/**
 * The ports engagement reads through (context.ts wires them to the owning services). The
 * facts' reads take several clients and answer by client, one statement or two each, so a
 * computation of many clients costs what one did (decision 076); a client absent from an
 * answer has none of it (no holdings, no loans …), except from `clients`: absent there, the
 * client does not exist.
 */
export type EngagementPorts = {
  /** The client's advisor (staff views check who may see them); not found if no such client. */
  advisorOf(clientId: string): Promise<string | null>;
  clients(
    clientIds: readonly string[],
  ): Promise<Map<string, { createdAt: Date; kycApproved: boolean }>>;
  cash(clientIds: readonly string[]): Promise<Map<string, bigint>>;
  holdings(clientIds: readonly string[]): Promise<Map<string, HoldingFact[]>>;
  trades(clientIds: readonly string[]): Promise<Map<string, TradesFact>>;
  deposits(
    clientIds: readonly string[],
  ): Promise<Map<string, { confirmed: number; rejected: number }>>;
  loans(
    clientIds: readonly string[],
    today: string,
  ): Promise<
    Map<
      string,
      {
        /** What the disbursed loans owe today (principal, interest accrued, fees due). */
        owedPaise: bigint;
        closed: number;
        instalments: { due: number; onTime: number; late: number };
      }
    >
  >;
  /** Daily closes of a listed symbol or index (rupees), oldest first. */
  dailyCloses(symbol: string, market: 'NSE' | 'INDEX', days: number): Promise<DailyClose[]>;
  allClientIds(): Promise<string[]>;
  /** Writes the stored values `client_info` returns, several clients at once. */
  store(values: readonly { clientId: string; vip: number; score: number }[]): Promise<void>;
};

export type DailyClose = { time: number; close: number };
