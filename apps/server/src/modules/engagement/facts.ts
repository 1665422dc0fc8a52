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

/** The ports engagement reads through (context.ts wires them to the owning services). */
export type EngagementPorts = {
  client(
    clientId: string,
  ): Promise<{ createdAt: Date; kycApproved: boolean; advisorId: string | null }>;
  cash(clientId: string): Promise<bigint>;
  holdings(clientId: string): Promise<HoldingFact[]>;
  trades(clientId: string): Promise<{
    fills: FillFact[];
    filledOrdersByType: Record<string, number>;
    ipoBids: number;
  }>;
  deposits(clientId: string): Promise<{ confirmed: number; rejected: number }>;
  loans(
    clientId: string,
    today: string,
  ): Promise<{
    /** What the disbursed loans owe today (principal, interest accrued, fees due). */
    owedPaise: bigint;
    closed: number;
    instalments: { due: number; onTime: number; late: number };
  }>;
  /** Daily closes of a listed symbol or index (rupees), oldest first. */
  dailyCloses(symbol: string, market: 'NSE' | 'INDEX', days: number): Promise<DailyClose[]>;
  allClientIds(): Promise<string[]>;
  /** Writes the stored values `client_info` returns. */
  store(clientId: string, values: { vip: number; score: number }): Promise<void>;
};

export type DailyClose = { time: number; close: number };
