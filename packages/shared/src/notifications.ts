/**
 * The client's notifications of what happened to their records (decision 049): one per step a
 * client is told of, named by the step (`deposit.confirm`), kept with read/unread and sent live.
 * Fired price alerts stay in alerts.ts; the bell shows both.
 */
import { z } from 'zod';

/**
 * What a client is told of: lifecycle steps as transitions name them (`<lifecycle>.<step>`), and
 * a loan's servicing events (`loan.<event kind>`).
 */
export const NOTIFICATION_KINDS = [
  'deposit.confirm',
  'deposit.reject',
  'withdrawal.pay',
  'withdrawal.reject',
  'order.fill',
  'order.fill_partially',
  'order.reject',
  'order.expire',
  'gtt.trigger',
  'gtt.expire',
  'loan.approve',
  'loan.reject',
  'loan.disburse',
  'loan.close',
  'loan.foreclose',
  // A loan's servicing, told as its loan events (LOAN_EVENT_NOTICES).
  'loan.due_reminder',
  'loan.auto_debit_failed',
  'loan.penal_charge',
  'loan.margin_call',
  'loan.invoke_pledge',
  'loan.pledge_sale',
  'loan.rate_reset',
  'compensation.ask_info',
  'compensation.approve',
  'compensation.partly_approve',
  'compensation.reject',
  'compensation.pay',
  'kyc.approve',
  'kyc.reject',
  // Not lifecycle steps: an agent's reply while the client had not read the chat, a bonus claimed.
  'support.reply',
  'offer.claim',
  // Shares transferred in from another broker (decision 060): confirmed or rejected.
  'transfer_in.confirm',
  'transfer_in.reject',
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The loan events (credit's loan_events kinds) a client is told of, beside the loan's steps:
 * a reminder three days before a due date, an auto-debit that fell short, a penal charge, a
 * margin call, pledged shares put up for sale, that sale settled (what it raised and repaid),
 * and a floating rate's reset (decision 061).
 */
export const LOAN_EVENT_NOTICES = [
  'due_reminder',
  'auto_debit_failed',
  'penal_charge',
  'margin_call',
  'invoke_pledge',
  'pledge_sale',
  'rate_reset',
] as const satisfies readonly LoanNotice<TNotificationKind>[];
type LoanNotice<K> = K extends `loan.${infer Event}` ? Event : never;

export const isNotificationKind = (action: string): action is TNotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(action);

const paise = z.number().int();

/**
 * A bank account as a notice names it: the bank (its IFSC when the client gave no name) and
 * the account number's last four digits, all a notice may show of it.
 */
export const ZNoticeBank = z.object({ name: z.string(), last4: z.string().regex(/^\d{4}$/) });
export type TNoticeBank = z.infer<typeof ZNoticeBank>;

/**
 * The figures a notice tells (decision 056), taken by the step from the record in its hands:
 * enough for the sentence ("Bought 10 INFY at ₹1,502.35"), not a copy of the record, which the
 * notice still opens. Money in integer paise as every client API sends it; a due date as the
 * IST calendar day (YYYY-MM-DD). Rows written before the figures have none (null).
 */
export const ZNoticeDetail = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('order'),
    symbol: z.string(),
    side: z.enum(['buy', 'sell']),
    quantity: z.number().int(),
    filled_quantity: z.number().int(),
    /** Volume-weighted price of the fills, null before any. */
    average_price_paise: paise.nullable(),
    reason: z.string().nullable(),
  }),
  z.object({
    type: z.literal('amount'),
    amount_paise: paise,
    reason: z.string().nullable(),
    /** A paid withdrawal's: the client's account it went to, masked (never the full number). */
    bank: ZNoticeBank.optional(),
    /**
     * The ledger posting that moved the money (a credited deposit, a paid or returned
     * withdrawal): the notice opens its receipt. Absent where nothing moved (a rejected deposit).
     */
    posting_id: z.string().optional(),
  }),
  z.object({ type: z.literal('due'), amount_paise: paise, due_date: z.string() }),
  /**
   * An IPO application's allotment, told on its order's step: `order.fill` when lots were
   * allotted, `order.reject` when none were. The lots applied for and allotted, the shares, the
   * issue price and what of the blocked amount came back to the client's cash.
   */
  z.object({
    type: z.literal('ipo'),
    symbol: z.string(),
    lots_applied: z.number().int(),
    lots_allotted: z.number().int(),
    shares_allotted: z.number().int(),
    price_paise: paise,
    refund_paise: paise,
  }),
  /** A decision with no figure but a reason (a KYC rejection). */
  z.object({ type: z.literal('reason'), reason: z.string() }),
  /**
   * Pledged shares put up for sale for a loan (`loan.invoke_pledge`): each line valued at the
   * price the sale was planned on, and what the sale is to recover of the loan (the plan's
   * target, at most what the loan owes). The fills' proceeds are told when it settles
   * (`pledge_sold`).
   */
  z.object({
    type: z.literal('pledge_sale'),
    sold: z.array(z.object({ symbol: z.string(), quantity: z.number().int(), value_paise: paise })),
    recover_paise: paise,
  }),
  /**
   * A sale of pledged shares settled (`loan.pledge_sale`), one symbol's order: how many were put
   * up and how many sold, what the fills raised net of charges, and what of it repaid the loan
   * (at most what it owed; the rest stays in the client's cash).
   */
  z.object({
    type: z.literal('pledge_sold'),
    symbol: z.string(),
    quantity: z.number().int(),
    sold_quantity: z.number().int(),
    proceeds_paise: paise,
    repaid_paise: paise,
  }),
  /** A floating rate's reset (`loan.rate_reset`): old → new rate, instalment and instalments left. */
  z.object({
    type: z.literal('rate_reset'),
    old_rate_bps: z.number().int(),
    new_rate_bps: z.number().int(),
    old_emi_paise: paise,
    new_emi_paise: paise,
    old_instalments: z.number().int(),
    new_instalments: z.number().int(),
  }),
]);
export type TNoticeDetail = z.infer<typeof ZNoticeDetail>;

export const ZClientNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * What the step moved: deposit, withdrawal, order, gtt, loan, compensation, client (KYC),
   * support_conversation, offer_claim.
   */
  subject_type: z.string(),
  subject_id: z.string(),
  created_at: z.string(),
  /** Null while unread. */
  read_at: z.string().nullable(),
  /** What the step's figures were; null for a step that has none and for older rows. */
  detail: ZNoticeDetail.nullable(),
});
export type TClientNotification = z.infer<typeof ZClientNotification>;

export const ZClientNotifications = z.object({
  items: z.array(ZClientNotification),
  unread: z.number().int(),
});
export type TClientNotifications = z.infer<typeof ZClientNotifications>;

/** How many the list shows, newest first. */
export const NOTIFICATIONS_SHOWN = 50;
