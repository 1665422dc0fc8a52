/**
 * Running-account settlement (issue 36, decision 045): on each settlement date the firm pays
 * each client's idle credit balance to their primary bank account, keeping what open orders
 * and obligations need, and tells the client what it kept and why (the retention statement).
 * One schema for the client app, the console and the server.
 */
import { z } from 'zod';

const paise = z.number().int();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the settlement date as YYYY-MM-DD.');

/**
 * SEBI's 30-day rule (circular of 6 Jan 2025, decision 052): calendar days without a trade
 * after which a client's funds go back on the next monthly settlement date. Calendar days, not
 * trading days: the circular counts them so. The server's rule and the console's label read it.
 */
export const NO_TRADE_DAYS = 30;

/** How often a client's running account is settled: SEBI lets the client choose. */
export const SETTLEMENT_CYCLES = ['quarterly', 'monthly'] as const;
export type TSettlementCycle = (typeof SETTLEMENT_CYCLES)[number];

/**
 * What the firm keeps, and why. Open orders and pending withdrawals are already on hold;
 * loan dues and unsettled sale proceeds are kept out of the cash available.
 */
export const RETENTION_KINDS = [
  'open_orders',
  'pending_withdrawals',
  'loan_dues',
  'unsettled_sales',
] as const;
export type TRetentionKind = (typeof RETENTION_KINDS)[number];

/** Why each part was kept, as the statement and the e-mail say it (English). */
export const RETENTION_LABELS: Readonly<Record<TRetentionKind, string>> = {
  open_orders: 'On hold for your open orders',
  pending_withdrawals: 'On hold for your pending withdrawals',
  loan_dues: 'Loan dues now (instalments due and overdue)',
  unsettled_sales: 'Sale proceeds the exchange settles after the settlement date (T+1)',
};

export const SETTLEMENT_BATCH_STATUSES = ['prepared', 'approved', 'paid', 'rejected'] as const;
export type TSettlementBatchStatus = (typeof SETTLEMENT_BATCH_STATUSES)[number];

/**
 * A line's outcome: `pending` until the batch is approved; then `paid`, `nothing` (nothing
 * idle once obligations were kept) or `no_bank_account` (kept until the client adds one).
 */
export const SETTLEMENT_LINE_STATUSES = ['pending', 'paid', 'nothing', 'no_bank_account'] as const;
export type TSettlementLineStatus = (typeof SETTLEMENT_LINE_STATUSES)[number];

/** Who prepared a batch the leader's job prepared on its date (decision 052): no officer. */
export const SETTLEMENT_JOB_PREPARER = 'settlement job (system)';

export const SETTLEMENT_MSG = {
  notSettlementDate: (date: string, next: string) =>
    `${date} is not a settlement date. The next one is ${next}.`,
  dateNotCome: 'That settlement date has not come yet.',
  batchNotFound: 'No such settlement batch.',
  batchExists: (date: string) => `A settlement batch for ${date} is already prepared.`,
  sameOfficer: 'The officer who prepared the batch cannot approve it. A second officer must.',
  notPrepared: (status: string) => `This batch is ${status}; only a prepared batch can be decided.`,
  notResumable: (status: string) =>
    `This batch is ${status}; only an approved batch whose payouts stopped part-way can be resumed.`,
  reasonRequired: 'Give a reason for rejecting the batch.',
  mayNotDecide: 'Only operations may prepare and approve settlement batches.',
  prepared: 'Prepared; a second officer must approve it.',
  approved: 'Approved; the payouts are posted.',
  rejected: 'Rejected.',
  resumed: 'Resumed; the pending payouts are posted.',
  cycleSaved: 'Your settlement preference is saved.',
  cycleInvalid: 'Choose quarterly or monthly.',
} as const;

export const ZSettlementDate = z.object({ date: isoDay });
export const ZSettlementBatchId = z.object({ id: z.uuid({ error: SETTLEMENT_MSG.batchNotFound }) });
export const ZSettlementReject = z.object({
  reason: z
    .string({ error: SETTLEMENT_MSG.reasonRequired })
    .trim()
    .min(1, SETTLEMENT_MSG.reasonRequired)
    .max(300),
});

export const ZRetentionItem = z.object({ kind: z.enum(RETENTION_KINDS), amount_paise: paise });
export type TRetentionItem = z.infer<typeof ZRetentionItem>;

export const ZSettlementLine = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  client_uid: z.string(),
  cycle: z.enum(SETTLEMENT_CYCLES),
  /** Due on this date only by the NO_TRADE_DAYS rule: no trade, money idle (decision 052). */
  no_recent_trade: z.boolean(),
  cash_available_paise: paise,
  cash_on_hold_paise: paise,
  retained: z.array(ZRetentionItem),
  /** What the prepared batch would pay; the approval pays at most this. */
  payout_paise: paise,
  /** What was paid, once the line is settled. */
  paid_paise: paise.nullable(),
  status: z.enum(SETTLEMENT_LINE_STATUSES),
  bank_account: z.string().nullable(),
  withdrawal_id: z.string().nullable(),
  settled_at: z.string().nullable(),
});
export type TSettlementLine = z.infer<typeof ZSettlementLine>;

export const ZSettlementBatch = z.object({
  id: z.string(),
  date: z.string(),
  status: z.enum(SETTLEMENT_BATCH_STATUSES),
  /** The preparing officer's e-mail, or SETTLEMENT_JOB_PREPARER. */
  prepared_by: z.string(),
  prepared_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  clients: z.number().int(),
  payout_paise: paise,
  paid_paise: paise,
  lines: z.array(ZSettlementLine),
});
export type TSettlementBatch = z.infer<typeof ZSettlementBatch>;

export const ZSettlementBatchList = z.object({
  items: z.array(ZSettlementBatch.omit({ lines: true })),
  /** The next settlement dates, for the console's "prepare" control. */
  next_dates: z.object({ quarterly: z.string(), monthly: z.string() }),
});
export type TSettlementBatchList = z.infer<typeof ZSettlementBatchList>;

// ---------- The client's side ----------

export const ZSettlementPreferenceRequest = z.object({
  cycle: z.enum(SETTLEMENT_CYCLES, { error: SETTLEMENT_MSG.cycleInvalid }),
});

export const ZSettlementPreference = z.object({
  cycle: z.enum(SETTLEMENT_CYCLES),
  next_date: z.string(),
});
export type TSettlementPreference = z.infer<typeof ZSettlementPreference>;

/** What the client sees of one settlement: what was held, why, what was paid, when. */
export const ZRetentionStatement = z.object({
  id: z.string(),
  settlement_date: z.string(),
  cycle: z.enum(SETTLEMENT_CYCLES),
  /** The ledger balance considered: cash available plus cash on hold. */
  balance_paise: paise,
  retained: z.array(ZRetentionItem),
  retained_paise: paise,
  paid_paise: paise,
  status: z.enum(SETTLEMENT_LINE_STATUSES),
  bank_account: z.string().nullable(),
  settled_at: z.string().nullable(),
  /** The zone every date and time of the statement is in. */
  time_zone: z.literal('Asia/Kolkata'),
});
export type TRetentionStatement = z.infer<typeof ZRetentionStatement>;
export const ZRetentionStatements = z.object({ items: z.array(ZRetentionStatement) });
export type TRetentionStatements = z.infer<typeof ZRetentionStatements>;

// ---------- Where is my money (Client Assets) ----------

/**
 * The parts of the cash the firm holds for a client; they add up to `total_paise` exactly.
 * `free` is what a settlement would pay out now; `unsettled_sales` and `loan_dues` are kept
 * out of cash available; `open_orders` and `pending_withdrawals` are on hold;
 * `other_holds` is any hold neither explains (none in a healthy ledger).
 */
export const MONEY_PART_KINDS = [
  'free',
  'unsettled_sales',
  'loan_dues',
  'open_orders',
  'pending_withdrawals',
  'other_holds',
] as const;
export type TMoneyPartKind = (typeof MONEY_PART_KINDS)[number];

export const ZMoneyBreakdown = z.object({
  /** The ledger's cash with the firm: cash available plus cash on hold. */
  total_paise: paise,
  cash_available_paise: paise,
  cash_on_hold_paise: paise,
  /** Every part, in a fixed order, zeros included; the sum is `total_paise`. */
  parts: z.array(z.object({ kind: z.enum(MONEY_PART_KINDS), amount_paise: paise })),
  /** Outside the total: money on its way in or already out of the balance. */
  pending_deposits_paise: paise,
  /** Net proceeds of sales the clearing corporation has not yet paid (T+1), full amount. */
  settlement_due_in_paise: paise,
  /** Cost of buys already taken from the balance, paid to the clearing corporation at T+1. */
  settlement_due_out_paise: paise,
  /** Trades from this IST day on are not yet settled (the last trading day, today included). */
  unsettled_since: z.string(),
  next_settlement: z.object({
    date: z.string(),
    cycle: z.enum(SETTLEMENT_CYCLES),
    /** What a settlement would pay to the bank account if it ran now (retention.ts). */
    payout_now_paise: paise,
  }),
  as_of: z.string(),
  time_zone: z.literal('Asia/Kolkata'),
});
export type TMoneyBreakdown = z.infer<typeof ZMoneyBreakdown>;
