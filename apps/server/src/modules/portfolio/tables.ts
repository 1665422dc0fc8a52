/**
 * The portfolio module's tables: corporate actions (entered in the console or the CLI, or
 * imported from NSE's file) and each client's dividends on record. Dividends are paid by the
 * issuer to the client's bank account, not through the firm: a record, never a ledger posting.
 */
import { bigint, date, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, paise } from '../../db/columns.ts';
import { clientRef } from '../clients/tables.ts';

export const corporateActions = pgTable(
  'corporate_actions',
  {
    id: uuid('id').primaryKey(),
    symbol: text('symbol').notNull(),
    /** split | consolidation | bonus | dividend | symbol_change */
    kind: text('kind').notNull(),
    /** Shares after per shares before (split 5:1, consolidation 1:10); bonus: new per held. */
    ratioNew: integer('ratio_new'),
    ratioOld: integer('ratio_old'),
    /** Dividends: the amount per share. */
    perSharePaise: paise('per_share_paise'),
    newSymbol: text('new_symbol'),
    newName: text('new_name'),
    exDate: date('ex_date', { mode: 'string' }).notNull(),
    recordDate: date('record_date', { mode: 'string' }),
    /** The day the issuer pays (dividends) or allots (bonus); the record date when unknown. */
    paymentDate: date('payment_date', { mode: 'string' }),
    /** The file's or the operator's own text ("Bonus 1:1"). */
    purpose: text('purpose').notNull(),
    /** console | nse_file | cli */
    source: text('source').notNull(),
    /**
     * proposed (a console entry awaiting a second officer) | entered (approved, or from the
     * operator CLI) | applied | rejected
     */
    status: text('status').notNull().default('entered'),
    /** Maker-checker: who proposed it in the console, who approved or rejected it. */
    proposedBy: uuid('proposed_by'),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
    rejectReason: text('reject_reason'),
    appliedAt: at('applied_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('corporate_actions_natural').on(t.symbol, t.kind, t.exDate)],
);

export const clientDividends = pgTable(
  'client_dividends',
  {
    id: uuid('id').primaryKey(),
    clientId: clientRef(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => corporateActions.id),
    symbol: text('symbol').notNull(),
    /** Shares held at the record date. */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    perSharePaise: paise('per_share_paise').notNull(),
    grossPaise: paise('gross_paise').notNull(),
    /** Section 194, deducted by the issuer. */
    tdsPaise: paise('tds_paise').notNull(),
    netPaise: paise('net_paise').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** The financial year of `paidOn` (its first calendar year). */
    financialYear: integer('financial_year').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('client_dividends_once').on(t.clientId, t.actionId)],
);
