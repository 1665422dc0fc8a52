/**
 * The statement of a period as CSV or PDF: the client's name and UID, opening balances,
 * every line (debits and credits in separate columns, like a bank statement), closing
 * balances, each trade's charges itemised as its contract note states them, and the client's
 * nominees (issue 36); amounts as ₹ with Indian grouping. Times are Asia/Kolkata.
 */
import {
  APP_NAME,
  formatPaise,
  RECORD_TYPE_LABELS,
  type TClientAccount,
  type TContractNote,
  type TNominees,
  type TRecordType,
} from '@sampada/shared';
import { istTime } from '../../platform/ist.ts';
import { openPdf, pdfTableRows, type SealedPdf, sealedOptions } from '../../platform/pdf.ts';
import { csvFile, csvRow } from '../../platform/csv.ts';
import {
  chargeRows,
  nomineeRows,
  tradeNoteOf,
  writeTradeCharges,
  writeNominees,
} from './statement-sections.ts';

/** What the ledger says about a period: balances and every line (funds builds it). */
export type LedgerStatement = {
  client: { name: string; uid: string; account: string };
  from: string;
  to: string;
  generatedAt: Date;
  accounts: { account: TClientAccount; opening: bigint; closing: bigint }[];
  lines: {
    at: Date;
    type: string;
    account: TClientAccount;
    memo: string;
    reference: string | null;
    amount: bigint;
    balanceAfter: bigint;
    /** The posting the line belongs to: a trade's is its contract note's. */
    postingId: number;
  }[];
};

/** A fill as its contract note states it: the charges are the note's, never recomputed. */
export type StatementTrade = Pick<
  TContractNote,
  | 'contract_note_no'
  | 'executed_at'
  | 'side'
  | 'symbol'
  | 'quantity'
  | 'price_paise'
  | 'value_paise'
  | 'charges'
  | 'posting_id'
>;

/**
 * The whole statement: the ledger's part, the period's trades with their charges and the
 * nominees on record when it is made (the statements module puts the three together).
 */
export type StatementData = LedgerStatement & { trades: StatementTrade[]; nominees: TNominees };

const ACCOUNT_LABELS: Record<TClientAccount, string> = {
  cash_available: 'Cash available',
  cash_on_hold: 'Cash on hold',
  loan_principal: 'Loan principal',
};

const typeLabel = (type: string) => RECORD_TYPE_LABELS[type as TRecordType] ?? type;
const debit = (amount: bigint) => (amount < 0n ? formatPaise(-amount) : '');
const credit = (amount: bigint) => (amount > 0n ? formatPaise(amount) : '');

export const statementFileName = (data: StatementData, format: 'csv' | 'pdf') =>
  `statement-${data.client.uid}-${data.from}-to-${data.to}.${format}`;

// ---------- CSV ----------

// Cells are quoted, and formula-like ones defused, by platform/csv.ts: names are clients' input.
const row = csvRow;

export function statementCsv(data: StatementData): string {
  const lines = [
    row([`${APP_NAME} statement of account`]),
    row(['Client', data.client.name]),
    row(['UID', data.client.uid]),
    row(['Account', data.client.account]),
    row(['Period', `${data.from} to ${data.to} (Asia/Kolkata)`]),
    row(['Generated', `${istTime(data.generatedAt)} IST`]),
    '',
    row(['Account', 'Opening balance', 'Closing balance']),
    ...data.accounts.map((a) =>
      row([ACCOUNT_LABELS[a.account], formatPaise(a.opening), formatPaise(a.closing)]),
    ),
    '',
    row([
      'Date (IST)',
      'Type',
      'Account',
      'Description',
      'Reference',
      'Debit',
      'Credit',
      'Balance',
    ]),
    ...data.lines.map((l) =>
      row([
        istTime(l.at),
        typeLabel(l.type),
        ACCOUNT_LABELS[l.account],
        l.memo,
        l.reference ?? '',
        debit(l.amount),
        credit(l.amount),
        formatPaise(l.balanceAfter),
      ]),
    ),
    '',
    ...chargeRows(data.trades).map(row),
    '',
    ...nomineeRows(data.nominees).map(row),
  ];
  return csvFile(lines);
}

// ---------- PDF ----------

const COLUMNS = [
  { title: 'Date (IST)', width: 92 },
  { title: 'Description', width: 170 },
  { title: 'Account', width: 62 },
  { title: 'Debit', width: 62, right: true },
  { title: 'Credit', width: 62, right: true },
  { title: 'Balance', width: 67, right: true },
] as const;

/** Signed by the firm; the e-mailed copy is also opened only with the client's PAN. */
export async function statementPdf(data: StatementData, sealed: SealedPdf): Promise<Buffer> {
  const { doc, money, finish } = await openPdf({
    title: `Statement ${data.from} to ${data.to}`,
    margin: 40,
    ...sealedOptions(sealed, `Statement of funds ${data.from} to ${data.to}`),
  });

  const left = doc.page.margins.left;
  doc.fontSize(16).text(`${APP_NAME} — statement of account`, left, 40);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Client: ${data.client.name}`);
  doc.text(`UID: ${data.client.uid}    Account: ${data.client.account}`);
  doc.text(`Period: ${data.from} to ${data.to} (Asia/Kolkata)`);
  doc.text(`Generated: ${istTime(data.generatedAt)} IST`);
  doc.moveDown();
  for (const a of data.accounts) {
    doc.text(
      money(
        `${ACCOUNT_LABELS[a.account]}: opening ${formatPaise(a.opening)}, closing ${formatPaise(a.closing)}`,
      ),
    );
  }
  doc.moveDown();

  const drawRow = pdfTableRows(doc, COLUMNS, left);

  drawRow(
    COLUMNS.map((c) => c.title),
    9,
  );
  if (data.lines.length === 0) doc.fontSize(9).text('No money moved in this period.', left);
  const noteOf = tradeNoteOf(data.trades);
  for (const l of data.lines) {
    drawRow([
      istTime(l.at),
      money(`${typeLabel(l.type)}: ${l.memo}${noteOf(l.postingId)}`),
      ACCOUNT_LABELS[l.account],
      money(debit(l.amount)),
      money(credit(l.amount)),
      money(formatPaise(l.balanceAfter)),
    ]);
  }
  writeTradeCharges({ doc, money }, data.trades);
  writeNominees({ doc, money }, data.nominees);
  return finish();
}
