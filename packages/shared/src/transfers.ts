/**
 * Shares transferred in from another broker (docs/transfers-in.md, decision 060): the client
 * uploads that broker's tradebook CSV; operations confirm the request against the depository's
 * credit (or reject it with a reason); confirmed lots keep their original dates and costs.
 */
import { z } from 'zod';

export const TRANSFER_IN_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type TTransferInStatus = (typeof TRANSFER_IN_STATUSES)[number];

/** The tradebook's columns (Zerodha Console's), matched case-insensitively, in any order. */
export const TRADEBOOK_COLUMNS = [
  'symbol',
  'isin',
  'trade_date',
  'exchange',
  'segment',
  'series',
  'trade_type',
  'auction',
  'quantity',
  'price',
  'trade_id',
  'order_id',
  'order_execution_time',
] as const;
/** The columns a file must have; the others are read when present. */
export const TRADEBOOK_REQUIRED = [
  'symbol',
  'isin',
  'trade_date',
  'trade_type',
  'quantity',
  'price',
] as const;

/** The most a tradebook upload may weigh (a decade of an active investor's trades). */
export const TRADEBOOK_MAX_BYTES = 2 * 1024 * 1024;

export const TRANSFER_MESSAGES = {
  tooLarge: `The tradebook must be smaller than ${TRADEBOOK_MAX_BYTES / 1024 / 1024} MB.`,
  notText: 'The tradebook must be a CSV text file (UTF-8).',
  notFound: 'Transfer request not found.',
  reasonRequired: 'Give the reason for the rejection.',
  requested: 'Transfer requested; operations confirm it once the depository credits the shares.',
  confirmed: 'Confirmed; the shares are in the client’s holdings.',
  rejected: 'Rejected.',
} as const;

const paise = z.number().int();

/** A lot the transfer brings: what the tradebook leaves of a scrip after its sells (FIFO). */
export const ZTransferInLot = z.object({
  symbol: z.string(),
  isin: z.string(),
  /** The IST day the shares were bought (the holding period starts then). */
  acquired_on: z.string(),
  acquired_at: z.string(),
  quantity: z.number().int().positive(),
  cost_paise: paise,
});
export type TTransferInLot = z.infer<typeof ZTransferInLot>;

export const ZTransferIn = z.object({
  id: z.string(),
  client_id: z.string(),
  status: z.enum(TRANSFER_IN_STATUSES),
  file_name: z.string(),
  trade_count: z.number().int(),
  lots: z.array(ZTransferInLot),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
});
export type TTransferIn = z.infer<typeof ZTransferIn>;
export const ZTransferInList = z.object({ items: z.array(ZTransferIn) });
export type TTransferInList = z.infer<typeof ZTransferInList>;

/** The console's view: whose shares, as the officer matches them to the depository's credit. */
export const ZConsoleTransferIn = ZTransferIn.extend({
  client: z.object({ uid: z.string(), name: z.string().nullable(), mobile: z.string() }),
});
export type TConsoleTransferIn = z.infer<typeof ZConsoleTransferIn>;
export const ZConsoleTransferInList = z.object({ items: z.array(ZConsoleTransferIn) });

/** A bad line of an uploaded tradebook: the 400's data lists every one. */
export const ZTradebookProblem = z.object({ line: z.number().int(), reason: z.string() });
export type TTradebookProblem = z.infer<typeof ZTradebookProblem>;

export const ZTransferInId = z.object({
  id: z.uuid({ error: TRANSFER_MESSAGES.notFound }),
});
export const ZTransferInReject = z.object({
  reason: z.string().trim().min(1, TRANSFER_MESSAGES.reasonRequired).max(500),
});
export type TTransferInReject = z.infer<typeof ZTransferInReject>;
export const ZTransferInQuery = z.object({
  status: z.enum(TRANSFER_IN_STATUSES).optional(),
});
