/**
 * The tax P&L and the holdings as files: CSV (plain rupee amounts a spreadsheet sums) and the
 * tax P&L as PDF (₹ with Indian grouping). Both name the client; dates are IST.
 */
import {
  APP_NAME,
  csvRupees,
  formatPaise,
  HOLDINGS_CSV_HEADER,
  type THolding,
  type TTaxPnl,
} from '@sampada/shared';
import { csvFile, csvNumber, csvRow } from '../../platform/csv.ts';
import { istTime } from '../../platform/ist.ts';
import { openPdf, pdfTableRows } from '../../platform/pdf.ts';

type Owner = { name: string; uid: string };
const TERM = { short: 'Short-term', long: 'Long-term' } as const;
/** A row whose amounts stay numbers (not text) in a spreadsheet. */
const line = (text: string[], amounts: (bigint | number)[] = []) =>
  [csvRow(text), ...amounts.map((a) => csvNumber(csvRupees(a)))].join(',');

export const taxPnlFileName = (owner: Owner, report: TTaxPnl, format: 'csv' | 'pdf') =>
  `tax-pnl-${owner.uid}-FY${report.label}.${format}`;

export function taxPnlCsv(owner: Owner, report: TTaxPnl): string {
  return csvFile([
    ...summaryCsv(owner, report),
    '',
    ...estimateCsv(report),
    '',
    ...realisedCsv(report),
    '',
    ...intradayCsv(report),
    '',
    ...unrealisedCsv(report),
  ]);
}

function summaryCsv(owner: Owner, report: TTaxPnl): string[] {
  const s = report.summary;
  return [
    csvRow([`${APP_NAME} tax P&L, financial year ${report.label}`]),
    csvRow(['Client', owner.name]),
    csvRow(['UID', owner.uid]),
    csvRow(['Period', `${report.from} to ${report.to} (sell dates, Asia/Kolkata)`]),
    csvRow(['Generated', `${istTime(new Date(report.as_of))} IST`]),
    '',
    csvRow(['Summary', 'Amount (₹)']),
    line(['Short-term capital gain'], [s.short_term_gain_paise]),
    line(['Long-term capital gain'], [s.long_term_gain_paise]),
    line(['Charges allocated to the lots sold'], [s.charges_paise]),
    line(['Of which DP charges (before GST)'], [s.dp_paise]),
    line(['Of which STT (not deducted from the gains, section 48)'], [s.stt_paise ?? 0]),
    line(['Sale value'], [s.turnover_paise]),
    line(['Intraday: speculative business income'], [s.speculative_paise ?? 0]),
  ];
}

/** The estimate by the rates in force on each sell date, then the year's totals. */
function estimateCsv(report: TTaxPnl): string[] {
  const e = report.estimate;
  return [
    csvRow([
      `Tax estimate (rates in force on each sell date; LTCG above ${formatPaise(e.ltcg_exemption_paise)} for the year in all; no cess or surcharge)`,
    ]),
    csvRow([
      'Sold',
      'STCG rate (%)',
      'LTCG rate (%)',
      'Short-term gain (₹)',
      'Long-term gain (₹)',
      'Short-term taxable (₹)',
      'Long-term taxable (₹)',
      'Short-term tax (₹)',
      'Long-term tax (₹)',
    ]),
    ...e.periods.map((p) =>
      [
        csvRow([`${p.from} to ${p.to}`]),
        csvNumber(p.stcg_rate_pct),
        csvNumber(p.ltcg_rate_pct),
        ...[
          p.short_term_gain_paise,
          p.long_term_gain_paise,
          p.short_term_taxable_paise,
          p.long_term_taxable_paise,
          p.short_term_tax_paise,
          p.long_term_tax_paise,
        ].map((a) => csvNumber(csvRupees(a))),
      ].join(','),
    ),
    line(['Short-term taxable'], [e.short_term_taxable_paise]),
    line(['Long-term taxable after exemption'], [e.long_term_taxable_paise]),
    line(['Short-term tax'], [e.short_term_tax_paise]),
    line(['Long-term tax'], [e.long_term_tax_paise]),
    line(['Estimated tax'], [e.total_tax_paise]),
    line(['Short-term loss to carry forward'], [e.short_term_loss_paise]),
    line(['Long-term loss to carry forward'], [e.long_term_loss_paise]),
  ];
}

function realisedCsv(report: TTaxPnl): string[] {
  return [
    csvRow([
      'Symbol',
      'Name',
      'ISIN',
      'Term',
      'Quantity',
      'Buy date',
      'Sell date',
      'Buy value (₹)',
      'Sell value (₹)',
      'Charges (₹)',
      'DP charge (₹)',
      'Gain (₹)',
      'Of which STT, not deducted (₹)',
    ]),
    ...report.realised.map((r) =>
      [
        csvRow([r.symbol, r.name, r.isin ?? '', TERM[r.term]]),
        String(r.quantity),
        csvRow([r.buy_date, r.sell_date]),
        ...[
          r.cost_paise,
          r.proceeds_paise,
          r.charges_paise,
          r.dp_paise,
          r.gain_paise,
          r.stt_paise ?? 0,
        ].map((a) => csvNumber(csvRupees(a))),
      ].join(','),
    ),
  ];
}

function unrealisedCsv(report: TTaxPnl): string[] {
  return [
    csvRow(['Open lots (unrealised)']),
    csvRow([
      'Symbol',
      'Name',
      'Term if sold today',
      'Quantity',
      'Buy date',
      'Buy value (₹)',
      'Charges (₹)',
      'Price (₹)',
      'Value (₹)',
      'Unrealised gain (₹)',
    ]),
    ...report.unrealised.map((o) =>
      [
        csvRow([o.symbol, o.name, TERM[o.term]]),
        String(o.quantity),
        csvRow([o.buy_date]),
        ...[o.cost_paise, o.charges_paise, o.price_paise, o.value_paise, o.gain_paise].map((a) =>
          csvNumber(csvRupees(a)),
        ),
      ].join(','),
    ),
  ];
}

/** Same-day buys and sells: speculative business income, charges (STT too) deducted. */
function intradayCsv(report: TTaxPnl): string[] {
  return [
    csvRow(['Intraday trades (speculative business income, section 43(5))']),
    csvRow([
      'Symbol',
      'Name',
      'Day',
      'Quantity',
      'Buy value (₹)',
      'Sell value (₹)',
      'Charges (₹)',
      'Of which STT (₹)',
      'Result (₹)',
    ]),
    ...(report.intraday ?? []).map((t) =>
      [
        csvRow([t.symbol, t.name, t.day]),
        String(t.quantity),
        ...[
          t.buy_value_paise,
          t.sell_value_paise,
          t.charges_paise,
          t.stt_paise,
          t.result_paise,
        ].map((a) => csvNumber(csvRupees(a))),
      ].join(','),
    ),
  ];
}

const COLUMNS = [
  { title: 'Scrip', width: 70 },
  { title: 'Term', width: 40 },
  { title: 'Qty', width: 34, right: true },
  { title: 'Bought', width: 56 },
  { title: 'Sold', width: 56 },
  { title: 'Buy value', width: 68, right: true },
  { title: 'Sell value', width: 68, right: true },
  { title: 'Charges', width: 52, right: true },
  { title: 'Gain', width: 71, right: true },
] as const;

export async function taxPnlPdf(owner: Owner, report: TTaxPnl): Promise<Buffer> {
  const { doc, money, finish } = await openPdf({
    title: `Tax P&L FY ${report.label}`,
    margin: 40,
  });
  const rupees = (paise: number) => money(formatPaise(paise));
  const left = doc.page.margins.left;
  writeSummary(doc, { rupees, left }, owner, report);
  drawTables(doc, { rupees, left }, report);
  return finish();
}

/** How amounts are written and where the page's text starts. */
type Layout = { rupees: (paise: number) => string; left: number };

/** The heading, the year's gains and the tax estimate, as text above the tables. */
function writeSummary(
  doc: PDFKit.PDFDocument,
  { rupees, left }: Layout,
  owner: Owner,
  report: TTaxPnl,
) {
  const e = report.estimate;
  const s = report.summary;
  doc.fontSize(16).text(`${APP_NAME} — tax P&L, financial year ${report.label}`, left, 40);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Client: ${owner.name}    UID: ${owner.uid}`);
  doc.text(`Sells from ${report.from} to ${report.to} (Asia/Kolkata); FIFO lots.`);
  doc.text(`Generated: ${istTime(new Date(report.as_of))} IST`);
  doc.moveDown();
  doc.text(`Short-term capital gain: ${rupees(s.short_term_gain_paise)}`);
  doc.text(`Long-term capital gain: ${rupees(s.long_term_gain_paise)}`);
  doc.text(
    `Charges allocated: ${rupees(s.charges_paise)} (DP charges ${rupees(s.dp_paise)} before GST)`,
  );
  doc.text(
    `STT (not deducted from capital gains): ${rupees(s.stt_paise ?? 0)}. Intraday (speculative business income): ${rupees(s.speculative_paise ?? 0)}`,
  );
  doc.moveDown(0.5);
  doc.text(
    `Tax estimate at the rates in force on each sell date, LTCG above ${rupees(e.ltcg_exemption_paise)} for the year in all:`,
  );
  for (const p of e.periods)
    doc.text(
      `sold ${p.from} to ${p.to} — STCG ${p.stcg_rate_pct}%, LTCG ${p.ltcg_rate_pct}%: short-term ${rupees(p.short_term_tax_paise)} on ${rupees(p.short_term_taxable_paise)}, long-term ${rupees(p.long_term_tax_paise)} on ${rupees(p.long_term_taxable_paise)};`,
    );
  doc.text(
    `short-term ${rupees(e.short_term_tax_paise)} on ${rupees(e.short_term_taxable_paise)}, long-term ${rupees(e.long_term_tax_paise)} on ${rupees(e.long_term_taxable_paise)}; total ${rupees(e.total_tax_paise)}.`,
  );
  doc
    .fontSize(8)
    .text(
      'An estimate, not tax advice: no cess or surcharge, no losses brought forward, no grandfathering of pre-2018 holdings.',
    );
  doc.moveDown();
}

/** The lots sold, the intraday trades and the open lots, in one set of columns. */
function drawTables(doc: PDFKit.PDFDocument, { rupees, left }: Layout, report: TTaxPnl) {
  const drawRow = pdfTableRows(doc, COLUMNS, left);
  drawRow(
    COLUMNS.map((c) => c.title),
    9,
  );
  if (report.realised.length === 0) doc.fontSize(9).text('No sells in this year.', left);
  for (const r of report.realised)
    drawRow([
      r.symbol,
      r.term === 'short' ? 'Short' : 'Long',
      String(r.quantity),
      r.buy_date,
      r.sell_date,
      rupees(r.cost_paise),
      rupees(r.proceeds_paise),
      rupees(r.charges_paise),
      rupees(r.gain_paise),
    ]);
  doc.moveDown();
  doc.fontSize(10).text('Intraday trades (speculative business income)', left);
  if (!report.intraday?.length) doc.fontSize(9).text('No intraday trades.', left);
  for (const t of report.intraday ?? [])
    drawRow([
      t.symbol,
      'Intraday',
      String(t.quantity),
      t.day,
      t.day,
      rupees(t.buy_value_paise),
      rupees(t.sell_value_paise),
      rupees(t.charges_paise),
      rupees(t.result_paise),
    ]);
  doc.moveDown();
  doc.fontSize(10).text('Open lots (unrealised)', left);
  if (report.unrealised.length === 0) doc.fontSize(9).text('No open lots.', left);
  for (const o of report.unrealised)
    drawRow([
      o.symbol,
      o.term === 'short' ? 'Short' : 'Long',
      String(o.quantity),
      o.buy_date,
      '',
      rupees(o.cost_paise),
      rupees(o.value_paise),
      rupees(o.charges_paise),
      rupees(o.gain_paise),
    ]);
}

/** The holdings export: one row per holding with its ISIN; amounts in plain rupees. */
export function holdingsCsv(list: (THolding & { isin: string | null })[]): string {
  return csvFile([
    csvRow([...HOLDINGS_CSV_HEADER]),
    ...list.map((h) =>
      [
        csvRow([h.symbol, h.name, h.isin ?? '']),
        String(h.quantity),
        ...[
          h.average_cost_paise,
          h.invested_paise,
          h.price_paise,
          h.current_value_paise,
          h.unrealised_pnl_paise,
        ].map((a) => csvNumber(csvRupees(a))),
      ].join(','),
    ),
  ]);
}
