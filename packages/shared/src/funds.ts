/**
 * Money (domain.md "Money", docs/api-funds.md): amounts, bank cards, deposits, withdrawals,
 * fund records and assets. Amounts travel as integer paise (JSON numbers, always whole) and
 * arrive from forms as rupee strings or numbers with at most 2 decimals.
 */
import { z } from 'zod';
import { MIN_DEPOSIT, MIN_WITHDRAWAL } from './constants.ts';
import { formatPaise, PAISE_PER_RUPEE, readRupees, type TRupeesProblem } from './money.ts';
import { ZPageQuery } from './console.ts';
import { requiredText, ZPinRequest } from './schemas.ts';

// ---------- Constants ----------

export const MIN_DEPOSIT_PAISE = BigInt(MIN_DEPOSIT) * PAISE_PER_RUPEE;
export const MIN_WITHDRAWAL_PAISE = BigInt(MIN_WITHDRAWAL) * PAISE_PER_RUPEE;
/** ₹100 crore: a sanity cap on one request, far above any real transfer of a client. */
export const MAX_TRANSFER_RUPEES = 1_000_000_000;
export const MAX_TRANSFER_PAISE = BigInt(MAX_TRANSFER_RUPEES) * PAISE_PER_RUPEE;
export const MAX_BANK_CARDS = 5;
export const FUNDS_PAGE_DEFAULT = 20;
export const FUNDS_PAGE_MAX = 100;

export const DEPOSIT_METHODS = ['NEFT', 'RTGS', 'IMPS', 'UPI'] as const;
export type TDepositMethod = (typeof DEPOSIT_METHODS)[number];
export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'rejected', 'cancelled'] as const;
export type TDepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected', 'cancelled'] as const;
export type TWithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A client's ledger accounts. Cash available and on hold may never go below zero. */
export const CLIENT_ACCOUNTS = ['cash_available', 'cash_on_hold', 'loan_principal'] as const;
export type TClientAccount = (typeof CLIENT_ACCOUNTS)[number];
/** The firm's ledger accounts. */
export const FIRM_ACCOUNTS = [
  'bank_clearing',
  'fees',
  'taxes',
  'ipo_escrow',
  /** The firm's loan book: principal lent and interest accrued, less what clients repaid. */
  'loans',
  /** Interest earned on loans, accrued daily. */
  'interest_income',
  /** Loans written off: what clients still owed when the firm gave up collecting it. */
  'loan_losses',
  /** What the firm owes or is owed for securities bought or sold for clients (exchange, desk). */
  'trade_settlement',
  /** Compensation the firm pays clients on their claims (issue 17). */
  'compensation',
  /** Bonuses the firm gives clients on its offers (issue 17). */
  'promotions',
] as const;
export type TFirmAccount = (typeof FIRM_ACCOUNTS)[number];

/** What a fund record (a ledger line) is: the kind of the posting it belongs to. */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_release',
  'order_hold',
  'order_release',
  'trade_buy',
  'trade_sell',
  'ipo_allotment',
  'loan_disbursal',
  'loan_repayment',
  'compensation',
  'bonus',
  'adjustment',
] as const;
export type TRecordType = (typeof RECORD_TYPES)[number];

export const RECORD_TYPE_LABELS: Record<TRecordType, string> = {
  deposit: 'Deposit',
  withdrawal_hold: 'Withdrawal requested',
  withdrawal_paid: 'Withdrawal paid',
  withdrawal_release: 'Withdrawal returned',
  order_hold: 'Order amount on hold',
  order_release: 'Order amount released',
  trade_buy: 'Shares bought',
  trade_sell: 'Shares sold',
  ipo_allotment: 'IPO allotment',
  loan_disbursal: 'Loan disbursed',
  loan_repayment: 'Loan repayment',
  compensation: 'Compensation paid',
  bonus: 'Bonus',
  adjustment: 'Adjustment',
};

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

/** Bank names by the first four letters of the IFSC (RBI bank codes). */
export const BANK_CODES: Record<string, string> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  IDIB: 'Indian Bank',
  BKID: 'Bank of India',
  YESB: 'Yes Bank',
  INDB: 'IndusInd Bank',
  IDFB: 'IDFC FIRST Bank',
  FDRL: 'Federal Bank',
  MAHB: 'Bank of Maharashtra',
  IOBA: 'Indian Overseas Bank',
  UCBA: 'UCO Bank',
  CBIN: 'Central Bank of India',
  PSIB: 'Punjab & Sind Bank',
  RATN: 'RBL Bank',
  SIBL: 'South Indian Bank',
  KARB: 'Karnataka Bank',
  KVBL: 'Karur Vysya Bank',
  CIUB: 'City Union Bank',
  TMBL: 'Tamilnad Mercantile Bank',
  DBSS: 'DBS Bank India',
  AUBL: 'AU Small Finance Bank',
  ESFB: 'Equitas Small Finance Bank',
  BDBL: 'Bandhan Bank',
  IBKL: 'IDBI Bank',
  JAKA: 'Jammu & Kashmir Bank',
  SCBL: 'Standard Chartered Bank',
  HSBC: 'HSBC',
  CITI: 'Citibank',
  PYTM: 'Paytm Payments Bank',
  AIRP: 'Airtel Payments Bank',
};

/** The bank of an IFSC, or null for a bank code not in the table (still accepted). */
export const bankNameOfIfsc = (ifsc: string): string | null =>
  BANK_CODES[ifsc.slice(0, 4).toUpperCase()] ?? null;

/**
 * The UTR or reference a client copies from their bank: NEFT and RTGS UTRs are 12 to 22
 * letters and digits (NEFT usually 16, RTGS 22); IMPS and UPI references are 12-digit RRNs.
 */
export const UTR_PATTERNS: Record<TDepositMethod, RegExp> = {
  NEFT: /^[A-Z0-9]{12,22}$/,
  RTGS: /^[A-Z0-9]{12,22}$/,
  IMPS: /^\d{12}$/,
  UPI: /^\d{12}$/,
};

/** Spaces and hyphens a bank app shows are not part of the reference. */
export const normalizeUtr = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/**
 * The receipt number a client reads and quotes (decision 020): the ledger posting's number,
 * R and eight digits (R00001234). The posting's internal reference (deposit:<uuid>) is for
 * the ledger, never shown.
 */
export const receiptNumber = (postingId: string | number) =>
  `R${String(postingId).padStart(8, '0')}`;
/** Names compare without case and with runs of spaces as one. */
export const normalizeHolderName = (value: string) =>
  value.trim().replace(/\s+/g, ' ').toLowerCase();

// ---------- Messages ----------

const rupees = (paise: bigint) => formatPaise(paise);

export const FM = {
  amountRequired: 'Enter an amount.',
  amountNotNumber: 'Enter the amount in rupees, for example 20000 or 20000.50.',
  amountNegative: 'The amount cannot be negative.',
  amountZero: 'The amount must be more than zero.',
  amountDecimals: 'Use at most 2 decimal places.',
  amountTooLarge: `The amount cannot be more than ${rupees(MAX_TRANSFER_PAISE)}.`,
  depositBelowMin: `The minimum deposit is ${rupees(MIN_DEPOSIT_PAISE)}.`,
  withdrawalBelowMin: `The minimum withdrawal is ${rupees(MIN_WITHDRAWAL_PAISE)}.`,
  beyondBalance: 'The amount is more than your available balance.',
  idempotencyKeyRequired: 'An Idempotency-Key header is required for this request.',
  idempotencyKeyInvalid:
    'The Idempotency-Key header must be 1 to 255 visible characters, for example a UUID.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  kycRequired: 'Complete KYC verification before moving money.',
  setPinToWithdraw: 'Set a PIN before withdrawing.',
  setPinForBankCards: 'Set a PIN before changing your bank accounts.',
  holderNameRequired: 'Account holder name is required.',
  holderNameMismatch: 'The account holder name must match the name on your KYC record.',
  accountNumberRequired: 'Account number is required.',
  accountNumberInvalid: 'Enter an account number of 9 to 18 digits.',
  ifscRequired: 'IFSC is required.',
  ifscInvalid: 'Enter a valid 11-character IFSC, for example SBIN0001234.',
  bankCardLimit: `You can save at most ${MAX_BANK_CARDS} bank accounts. Remove one first.`,
  bankCardExists: 'This bank account is already saved.',
  bankCardNotFound: 'This bank account is not saved in your profile.',
  bankCardRequired: 'Choose the bank account to withdraw to.',
  bankCardInUse:
    'A withdrawal to this bank account is in progress. Remove it once the withdrawal is paid or cancelled.',
  methodInvalid: 'Choose how you paid: NEFT, RTGS, IMPS or UPI.',
  utrRequired: 'Enter the UTR or reference number of your transfer.',
  utrInvalid: (method: TDepositMethod) =>
    method === 'IMPS' || method === 'UPI'
      ? `A ${method} reference number is 12 digits.`
      : `A ${method} UTR is 12 to 22 letters and digits.`,
  utrAlreadyCredited: 'This UTR has already been credited to a deposit.',
  utrAlreadySubmitted: 'You have already submitted a deposit with this UTR.',
  receiptNotYours: 'Upload the receipt image again before submitting.',
  depositAccountMissing:
    'Deposits are not open yet: the firm has not set up its receiving bank account.',
  depositNotFound: 'This deposit was not found.',
  withdrawalNotFound: 'This withdrawal was not found.',
  recordNotFound: 'This record was not found.',
  reasonRequired: 'Give the client a reason.',
  bankReferenceRequired: 'Enter the bank reference (UTR) of the payment.',
  bankReferenceInvalid: 'A bank reference is 6 to 35 letters, digits, hyphens or slashes.',
  dateInvalid: 'Dates are written YYYY-MM-DD.',
  dateRangeInvalid: 'The start date must not be after the end date.',
  statementTooLong: 'A statement covers at most 366 days.',
  alreadyDecided: (what: 'deposit' | 'withdrawal', status: string) =>
    `This ${what} is already ${status}.`,
  statementEmpty: 'Add at least one line of the bank statement.',
  statementTooManyLines: (max: number) => `A statement is matched at most ${max} lines at a time.`,
  statementAmountInvalid:
    'Each line needs the credited amount in paise, a whole number above zero.',
} as const;

/** Why a bank statement line confirmed nothing (the console shows the message beside it). */
export const STATEMENT_MISMATCHES = {
  no_pending_deposit: 'No pending deposit carries this UTR.',
  amount_differs: 'A pending deposit carries this UTR for a different amount.',
  already_confirmed: 'The deposit with this UTR is already confirmed.',
  ambiguous: 'Several pending deposits carry this UTR and amount: confirm the right one by hand.',
  repeated_line: 'The statement lists this UTR more than once: only its first line is matched.',
} as const;
export type TStatementMismatch = keyof typeof STATEMENT_MISMATCHES;

export const FUNDS_DONE = {
  bankCardAdded: 'Bank account saved.',
  bankCardRemoved: 'Bank account removed.',
  depositRequested: 'Deposit submitted. We will credit it once the transfer is confirmed.',
  depositCancelled: 'Deposit cancelled.',
  withdrawalRequested: 'Withdrawal requested. The amount is on hold until it is paid.',
  withdrawalCancelled: 'Withdrawal cancelled. The amount is available again.',
  depositConfirmed: 'Deposit confirmed and credited.',
  depositRejected: 'Deposit rejected.',
  statementMatched: 'Bank statement matched: the deposits it shows are confirmed and credited.',
  withdrawalPaid: 'Withdrawal marked as paid.',
  withdrawalRejected: 'Withdrawal rejected; the hold is released.',
} as const;

// ---------- Amounts ----------

export type TAmountResult = { ok: true; paise: bigint } | { ok: false; message: string };

const AMOUNT_PROBLEMS: Record<TRupeesProblem, string> = {
  required: FM.amountRequired,
  not_number: FM.amountNotNumber,
  negative: FM.amountNegative,
  decimals: FM.amountDecimals,
  zero: FM.amountZero,
  too_large: FM.amountTooLarge,
};

/**
 * An amount typed by the client (a string like "20000.50" or a number) to integer paise,
 * exactly (`readRupees`: the decimal text is split at the point, never multiplied as a float),
 * or the message that says what is wrong with it.
 */
export function parseRupeesToPaise(value: unknown): TAmountResult {
  const read = readRupees(value, { maxPaise: MAX_TRANSFER_PAISE });
  return read.ok ? read : { ok: false, message: AMOUNT_PROBLEMS[read.problem] };
}

/** A rupee amount field: parses to paise (bigint) and enforces the minimum with its message. */
export const rupeeAmount = (minPaise: bigint, belowMinMessage: string) =>
  z.union([z.string(), z.number()], { error: FM.amountRequired }).transform((value, ctx) => {
    const result = parseRupeesToPaise(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    if (result.paise < minPaise) {
      ctx.addIssue({ code: 'custom', message: belowMinMessage });
      return z.NEVER;
    }
    return result.paise;
  });

// ---------- Requests (client) ----------

const pin = ZPinRequest.shape.pin;
const uuidOf = (message: string) => z.uuid({ error: message });

export const ZBankCardAddRequest = z.object({
  holder_name: requiredText(FM.holderNameRequired).max(120, FM.holderNameMismatch),
  account_number: requiredText(FM.accountNumberRequired)
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => ACCOUNT_NUMBER_PATTERN.test(v), FM.accountNumberInvalid),
  ifsc: requiredText(FM.ifscRequired)
    .transform((v) => v.toUpperCase())
    .refine((v) => IFSC_PATTERN.test(v), FM.ifscInvalid),
  /** Used only when the IFSC's bank code is not in BANK_CODES. */
  bank_name: z.string().trim().max(80).optional(),
  pin,
});
export type TBankCardAddRequest = z.input<typeof ZBankCardAddRequest>;

export const ZBankCardRemoveRequest = z.object({ pin });

export const ZDepositRequest = z
  .object({
    amount: rupeeAmount(MIN_DEPOSIT_PAISE, FM.depositBelowMin),
    method: z.enum(DEPOSIT_METHODS, { error: FM.methodInvalid }),
    utr: requiredText(FM.utrRequired).transform(normalizeUtr),
    /** A link answered by POST /client/app/v1/image (the receipt photo), optional. */
    receipt_url: z.string().trim().max(2000).optional(),
  })
  .superRefine((value, ctx) => {
    if (!UTR_PATTERNS[value.method].test(value.utr))
      ctx.addIssue({ code: 'custom', path: ['utr'], message: FM.utrInvalid(value.method) });
  });
export type TDepositRequest = z.input<typeof ZDepositRequest>;

export const ZWithdrawalRequest = z.object({
  amount: rupeeAmount(MIN_WITHDRAWAL_PAISE, FM.withdrawalBelowMin),
  bank_card_id: uuidOf(FM.bankCardRequired),
  pin,
});
export type TWithdrawalRequest = z.input<typeof ZWithdrawalRequest>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, FM.dateInvalid);
const fundsPage = {
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(FUNDS_PAGE_MAX).default(FUNDS_PAGE_DEFAULT),
};

/** Dates are calendar days in Asia/Kolkata, both ends included. */
export const ZRecordsQuery = z.object({
  ...fundsPage,
  type: z.enum(RECORD_TYPES).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type TRecordsQuery = z.input<typeof ZRecordsQuery>;

export const ZStatementQuery = z.object({
  from: isoDay,
  to: isoDay,
  format: z.enum(['csv', 'pdf']).default('csv'),
});

export const ZDepositListQuery = z.object({
  ...fundsPage,
  status: z.enum(DEPOSIT_STATUSES).optional(),
});
export const ZWithdrawalListQuery = z.object({
  ...fundsPage,
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
});

// ---------- Requests (console) ----------

/** Default pending, oldest first (a work queue); any other status lists newest first. */
export const ZDepositQueueQuery = ZPageQuery.extend({
  status: z.enum([...DEPOSIT_STATUSES, 'all']).default('pending'),
});
export const ZWithdrawalQueueQuery = ZPageQuery.extend({
  status: z.enum([...WITHDRAWAL_STATUSES, 'all']).default('pending'),
});
/** Lines of one bank statement at most, per request (a day's credits at a busy desk). */
export const STATEMENT_LINES_MAX = 1000;
/**
 * A bank statement's credits: each line confirms the pending deposit that carries its UTR for
 * exactly its amount (docs/api-funds.md, "Matching a bank statement").
 */
export const ZBankStatementRequest = z.object({
  lines: z
    .array(
      z.object({
        utr: requiredText(FM.utrRequired).max(40).transform(normalizeUtr),
        amount_paise: z
          .number({ error: FM.statementAmountInvalid })
          .int(FM.statementAmountInvalid)
          .positive(FM.statementAmountInvalid)
          .max(Number.MAX_SAFE_INTEGER, FM.statementAmountInvalid),
      }),
      { error: FM.statementEmpty },
    )
    .min(1, FM.statementEmpty)
    .max(STATEMENT_LINES_MAX, FM.statementTooManyLines(STATEMENT_LINES_MAX)),
});
export type TBankStatementRequest = z.input<typeof ZBankStatementRequest>;

export const ZFundsRejectRequest = z.object({
  reason: requiredText(FM.reasonRequired).max(300),
});
export const ZWithdrawalPayRequest = z.object({
  bank_reference: requiredText(FM.bankReferenceRequired)
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z0-9/-]{6,35}$/.test(v), FM.bankReferenceInvalid),
});

// ---------- Responses ----------

const paise = z.number().int();

export const ZBankCard = z.object({
  id: z.string(),
  holder_name: z.string(),
  /** Masked: only the last four digits are shown, e.g. "XXXXXX1234". */
  account_number: z.string(),
  account_last4: z.string(),
  ifsc: z.string(),
  bank_name: z.string().nullable(),
  created_at: z.string(),
});
export type TBankCard = z.infer<typeof ZBankCard>;

export const ZDepositAccount = z.object({
  /** False until an admin fills in the receiving account in console settings. */
  configured: z.boolean(),
  account_name: z.string(),
  account_number: z.string(),
  ifsc: z.string(),
  bank_name: z.string(),
  branch: z.string(),
  upi_id: z.string(),
  methods: z.array(z.enum(DEPOSIT_METHODS)),
  min_deposit_paise: paise,
});
export type TDepositAccount = z.infer<typeof ZDepositAccount>;

export const ZDepositView = z.object({
  id: z.string(),
  amount_paise: paise,
  method: z.enum(DEPOSIT_METHODS),
  utr: z.string(),
  /** A signed link valid for 15 minutes, or null. */
  receipt_url: z.string().nullable(),
  status: z.enum(DEPOSIT_STATUSES),
  reason: z.string().nullable(),
  /** The ledger posting that credited it (a fund record's posting_id), once confirmed. */
  posting_id: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type TDepositView = z.infer<typeof ZDepositView>;

export const ZWithdrawalView = z.object({
  id: z.string(),
  amount_paise: paise,
  bank_card: ZBankCard.pick({
    id: true,
    holder_name: true,
    account_number: true,
    account_last4: true,
    ifsc: true,
    bank_name: true,
  }),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  bank_reference: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type TWithdrawalView = z.infer<typeof ZWithdrawalView>;

export const ZFundRecord = z.object({
  id: z.string(),
  posting_id: z.string(),
  type: z.string(),
  account: z.enum(CLIENT_ACCOUNTS),
  /** Signed: money in is positive, money out negative. */
  amount_paise: paise,
  balance_after_paise: paise,
  memo: z.string(),
  /** What the posting settles, e.g. "deposit:<id>" or "withdrawal:<id>". */
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type TFundRecord = z.infer<typeof ZFundRecord>;

export const ZReceipt = z.object({
  posting_id: z.string(),
  type: z.string(),
  memo: z.string(),
  reference: z.string().nullable(),
  created_at: z.string(),
  lines: z.array(ZFundRecord),
  deposit: ZDepositView.nullable(),
  withdrawal: ZWithdrawalView.nullable(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZAssets = z.object({
  currency: z.literal('INR'),
  cash_available_paise: paise,
  cash_on_hold_paise: paise,
  /** What the shares held cost (trade value, charges apart). */
  invested_value_paise: paise,
  /** True when the holdings were valued; false only if the trading module is absent. */
  holdings_tracked: z.boolean(),
  /** Holdings at live prices; null only when holdings are not tracked (shown as a dash). */
  holdings_value_paise: paise.nullable(),
  /** Holdings at live prices less what they cost; null when holdings are not tracked. */
  unrealised_pnl_paise: paise.nullable(),
  /** Cash available + on hold + holdings at live prices. */
  total_paise: paise,
  /**
   * What the client owes on active loans (principal, interest accrued, fees due): a
   * liability, so not part of the total.
   */
  loan_balance_paise: paise,
});
export type TAssets = z.infer<typeof ZAssets>;

export const ZFundsPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

// ---------- Responses (console) ----------

const ZClientRef = z.object({
  id: z.string(),
  uid: z.string(),
  name: z.string().nullable(),
  mobile: z.string(),
});

export const ZConsoleDeposit = ZDepositView.extend({
  client: ZClientRef,
  decided_by: z.string().nullable(),
});
export type TConsoleDeposit = z.infer<typeof ZConsoleDeposit>;

export const ZBankStatementResult = z.object({
  /** The deposits this statement confirmed and credited, in the statement's order. */
  confirmed: z.array(ZConsoleDeposit),
  /** The lines that confirmed nothing; `line` counts from 1 as the statement does. */
  unmatched: z.array(
    z.object({
      line: z.number().int(),
      utr: z.string(),
      amount_paise: paise,
      reason: z.enum(Object.keys(STATEMENT_MISMATCHES) as [TStatementMismatch]),
      message: z.string(),
    }),
  ),
  confirmed_total_paise: paise,
});
export type TBankStatementResult = z.infer<typeof ZBankStatementResult>;

export const ZConsoleWithdrawal = ZWithdrawalView.extend({
  client: ZClientRef,
  /** Operations need the whole number to send the payment. */
  payout_account_number: z.string(),
  decided_by: z.string().nullable(),
});
export type TConsoleWithdrawal = z.infer<typeof ZConsoleWithdrawal>;

export const ZLedgerLineView = z.object({
  account: z.string(),
  /** The client's id for a client account, null for a firm account. */
  client_id: z.string().nullable(),
  amount_paise: paise,
  /**
   * The client account's balance after the line; null on a firm line, whose account is split
   * into buckets (docs/decisions/003), so no single running balance exists for it.
   */
  balance_after_paise: paise.nullable(),
});
export const ZPostingView = z.object({
  id: z.string(),
  kind: z.string(),
  memo: z.string(),
  reference: z.string().nullable(),
  created_at: z.string(),
  lines: z.array(ZLedgerLineView),
});
export type TPostingView = z.infer<typeof ZPostingView>;

export const ZClientLedger = z.object({
  client: ZClientRef,
  balances: z.object({
    cash_available_paise: paise,
    cash_on_hold_paise: paise,
    loan_principal_paise: paise,
  }),
  postings: ZFundsPage(ZPostingView),
});
export type TClientLedger = z.infer<typeof ZClientLedger>;

export const ZLedgerDiscrepancy = z.object({
  check: z.enum(['total', 'posting', 'account_balance', 'negative_balance', 'empty_posting']),
  message: z.string(),
});
export const ZReconciliation = z.object({
  ok: z.boolean(),
  checked_at: z.string(),
  counts: z.object({ accounts: z.number(), postings: z.number(), lines: z.number() }),
  discrepancies: z.array(ZLedgerDiscrepancy),
  /** Signed ledger balances: bank_clearing is negative by the cash clients hold with the firm. */
  firm_accounts: z.array(z.object({ account: z.enum(FIRM_ACCOUNTS), balance_paise: paise })),
  client_totals: z.object({ cash_available_paise: paise, cash_on_hold_paise: paise }),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;
