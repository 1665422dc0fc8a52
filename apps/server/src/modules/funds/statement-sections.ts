/**
 * The statement of funds' two sections after the ledger lines (issue 36): each trade's charges
 * itemised with the contract note's own labels and figures (the fill row's charges, never
 * recomputed), then the period's total by item; and the client's nominees, masked ID numbers
 * only, or their opt-out declaration, or a plain "no nominee on record".
 */
import {
  CHARGE_LABELS,
  formatPaise,
  sumCharges,
  type TCharges,
  type TNominees,
  VIP_DISCOUNT_LABEL,
} from '@sampada/shared';
import { istDateOf, istTime } from '../../platform/ist.ts';
import { type openPdf, pdfTableRows } from '../../platform/pdf.ts';
import type { StatementTrade } from './statement.ts';

type OpenedPdf = Pick<Awaited<ReturnType<typeof openPdf>>, 'doc' | 'money'>;

const ITEMS = Object.entries(CHARGE_LABELS) as [keyof typeof CHARGE_LABELS, string][];

export const TRADE_CHARGES_TITLE = 'Charges on your trades';
export const NO_NOMINEE = 'No nominee on record';
export const optedOutLine = (updatedAt: string) =>
  `Nomination opted out (declaration dated ${istDateOf(new Date(updatedAt))} IST)`;

const tradeLine = (t: StatementTrade) =>
  `${t.contract_note_no} · ${istTime(new Date(t.executed_at))} IST · ${t.side === 'buy' ? 'Bought' : 'Sold'} ${t.quantity} ${t.symbol} @ ${formatPaise(t.price_paise)} · value ${formatPaise(t.value_paise)}`;

/** The item lines of some charges, the total last; the VIP discount shown as the note shows it. */
function itemLines(charges: TCharges): [string, string][] {
  const lines: [string, string][] = ITEMS.map(([key, label]) => [label, formatPaise(charges[key])]);
  if (charges.vip_discount_paise > 0)
    lines.push([VIP_DISCOUNT_LABEL, `−${formatPaise(charges.vip_discount_paise)}`]);
  lines.push(['Total charges', formatPaise(charges.total_paise)]);
  return lines;
}

/**
 * For a ledger line: where its charges are itemised, on the first line of a trade's posting
 * only (a buy's posting may touch both cash accounts).
 */
export function tradeNoteOf(trades: readonly StatementTrade[]) {
  const byPosting = new Map(trades.map((t) => [t.posting_id, t]));
  const seen = new Set<string>();
  return (postingId: number) => {
    const trade = byPosting.get(String(postingId));
    if (!trade || seen.has(trade.posting_id)) return '';
    seen.add(trade.posting_id);
    return ` (contract note ${trade.contract_note_no}; includes charges ${formatPaise(trade.charges.total_paise)}, itemised below)`;
  };
}

const CHARGE_COLUMNS = [
  { title: 'Charge', width: 300 },
  { title: 'Amount', width: 100, right: true },
] as const;

export function writeTradeCharges(pdf: OpenedPdf, trades: readonly StatementTrade[]) {
  const { doc, money } = pdf;
  const left = doc.page.margins.left;
  doc.moveDown().fontSize(12).text(TRADE_CHARGES_TITLE, left);
  doc
    .fontSize(8)
    .text(
      'As each contract note states them; the debit or credit of the trade above includes them.',
    );
  doc.moveDown(0.5);
  if (trades.length === 0) {
    doc.fontSize(9).text('No trades in this period.', left);
    return;
  }
  const drawRow = pdfTableRows(doc, CHARGE_COLUMNS, left);
  for (const trade of trades) {
    doc.fontSize(9).text(money(tradeLine(trade)), left);
    for (const [label, amount] of itemLines(trade.charges)) drawRow([label, money(amount)]);
    doc.moveDown(0.5);
  }
  doc.fontSize(10).text('Charges in the period', left);
  const total = sumCharges(trades.map((t) => t.charges));
  for (const [label, amount] of itemLines(total)) drawRow([label, money(amount)]);
}

const NOMINEE_COLUMNS = [
  { title: 'Name', width: 140 },
  { title: 'Relationship', width: 80 },
  { title: 'Share', width: 50, right: true },
  { title: 'ID number', width: 95 },
  { title: 'Guardian (minor)', width: 150 },
] as const;

const relationship = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

type NomineeCells = [string, string, string, string, string];
const nomineeCells = (nominees: TNominees): NomineeCells[] =>
  nominees.nominees.map((n) => [
    n.name,
    relationship(n.relationship),
    `${n.share_pct}%`,
    n.id_number,
    n.guardian ? `${n.guardian.name} (${n.guardian.relationship})` : '',
  ]);

/** The nominees on record when the statement is made; ID numbers arrive masked. */
export function writeNominees(pdf: OpenedPdf, nominees: TNominees) {
  const { doc } = pdf;
  const left = doc.page.margins.left;
  doc.moveDown().fontSize(12).text('Nominees', left);
  doc.fontSize(9);
  if (nominees.status === 'opted_out') doc.text(optedOutLine(nominees.updated_at!), left);
  if (nominees.status === 'none')
    doc.text(`${NO_NOMINEE}. Name nominees or opt out in the app, under Me › Nominees.`, left);
  if (nominees.status !== 'nominated') return;
  const drawRow = pdfTableRows(doc, NOMINEE_COLUMNS, left);
  drawRow(
    NOMINEE_COLUMNS.map((c) => c.title),
    9,
  );
  for (const cells of nomineeCells(nominees)) drawRow(cells);
}

// ---------- CSV ----------

export function chargeRows(trades: readonly StatementTrade[]): string[][] {
  const rows: string[][] = [[TRADE_CHARGES_TITLE], ['Contract note', 'Trade', 'Charge', 'Amount']];
  for (const trade of trades)
    for (const [label, amount] of itemLines(trade.charges))
      rows.push([trade.contract_note_no, tradeLine(trade), label, amount]);
  const total = sumCharges(trades.map((t) => t.charges));
  for (const [label, amount] of itemLines(total)) rows.push(['Period', '', label, amount]);
  return rows;
}

export function nomineeRows(nominees: TNominees): string[][] {
  if (nominees.status === 'opted_out') return [['Nominees', optedOutLine(nominees.updated_at!)]];
  if (nominees.status === 'none') return [['Nominees', NO_NOMINEE]];
  return [
    ['Nominees'],
    ['Name', 'Relationship', 'Share', 'ID number', 'Guardian (minor)'],
    ...nomineeCells(nominees),
  ];
}
