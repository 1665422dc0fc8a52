/**
 * A loan's papers as PDF (platform/pdf.ts, the same pdfkit as contract notes): the key fact
 * statement in RBI's order (parts 1 and 2, then the repayment schedule) and the no-dues
 * letter. Every time printed carries IST.
 */
import {
  foreclosureChargeText,
  formatBps,
  formatPaise,
  type TKeyFactStatement,
} from '@sampada/shared';
import { istTime } from '../../platform/ist.ts';
import { openPdf, pdfTableRows } from '../../platform/pdf.ts';
import type { NoDuesLetter } from './closure.ts';

const CLOSED_BY: Record<NoDuesLetter['closedBy'], string> = {
  repaid: 'repaid in full',
  foreclosed: 'foreclosed (closed early on a foreclosure statement)',
  cooling_off: 'closed in the cooling-off period (principal and interest only)',
};

type Pdf = Awaited<ReturnType<typeof openPdf>>;
/** What each part of the statement writes with: the document, a money figure and a line. */
type Writer = {
  doc: Pdf['doc'];
  money: (paise: number) => string;
  line: (label: string, value: string) => unknown;
};

export async function keyFactsPdf(
  kfs: TKeyFactStatement,
  client: { name: string; uid: string },
): Promise<Buffer> {
  const pdf = await openPdf({ title: `Key fact statement ${kfs.id}`, margin: 48 });
  const { doc } = pdf;
  const money = (paise: number) => pdf.money(formatPaise(BigInt(paise)));
  const line = (label: string, value: string) => doc.text(`${label}: ${value}`);
  const out: Writer = { doc, money, line };
  writeKfsHeading(out, kfs, client);
  writeKfsPart1(out, kfs);
  writeKfsPart2(out, kfs);
  writeKfsSchedule(out, kfs);
  return pdf.finish();
}

function writeKfsHeading(
  { doc }: Writer,
  kfs: TKeyFactStatement,
  client: { name: string; uid: string },
) {
  doc.fontSize(16).text(`${kfs.lender} — Key Fact Statement`);
  doc.fontSize(9).text(`KFS ${kfs.id}`);
  doc.text(
    `Issued ${istTime(new Date(kfs.issued_at))} IST; terms valid to ${kfs.valid_until} (IST)`,
  );
  if (kfs.accepted_at)
    doc.text(
      `Accepted by the borrower ${istTime(new Date(kfs.accepted_at))} IST (loan ${kfs.loan_id})`,
    );
  doc.text(`Borrower: ${client.name} (UID ${client.uid})`);
}

/** Part 1: the interest rate, fees and charges. */
function writeKfsPart1({ doc, money, line }: Writer, kfs: TKeyFactStatement) {
  doc.moveDown().fontSize(12).text('Part 1 — Interest rate and fees/charges');
  doc.fontSize(10);
  line(
    'Product',
    `${kfs.product_name} (${kfs.repayment === 'emi' ? 'equated monthly instalments' : 'monthly interest, principal at the end'})`,
  );
  line('Loan amount', money(kfs.amount_paise));
  line('Tenure', `${kfs.tenure_months} months, ${kfs.instalments} instalments`);
  line('Instalment', money(kfs.instalment_paise));
  line(
    `Interest rate (${kfs.rate_type})`,
    `${formatBps(kfs.annual_rate_bps)} a year, daily on the principal outstanding`,
  );
  if (kfs.floating) {
    line('Benchmark', `${kfs.floating.benchmark}: ${formatBps(kfs.floating.benchmark_bps)} today`);
    line('Spread over the benchmark', formatBps(kfs.floating.spread_bps));
    line('Reset period', `every ${kfs.floating.reset_months} months, on a due date`);
    line('When the benchmark changes', kfs.floating.text);
  }
  line(
    'Processing fee',
    `${money(kfs.processing_fee_paise)} + GST ${money(kfs.fee_gst_paise)} (deducted at disbursal; kept on a cooling-off exit)`,
  );
  line('Other charges (insurance, legal, valuation, third party)', money(kfs.other_charges_paise));
  line('Net amount disbursed', money(kfs.net_disbursal_paise));
  line('Total interest', money(kfs.total_interest_paise));
  line('Total amount payable', money(kfs.total_repayable_paise));
  line('Annual Percentage Rate (APR, all-in cost)', formatBps(kfs.apr_bps));
  line('Penal charges', kfs.penal.text);
  line('Foreclosure charge', foreclosureChargeText(kfs.foreclosure_charge_bps));
  if (kfs.pledges.length)
    line('Pledged shares', kfs.pledges.map((p) => `${p.quantity} ${p.symbol}`).join(', '));
}

/** Part 2: other qualitative information. */
function writeKfsPart2({ doc, line }: Writer, kfs: TKeyFactStatement) {
  doc.moveDown().fontSize(12).text('Part 2 — Other qualitative information');
  doc.fontSize(10);
  line(
    'Cooling-off period',
    `${kfs.cooling_off_days} days after disbursal: exit by paying the principal and interest to date only, no penalty`,
  );
  line('Foreclosure', kfs.foreclosure);
  line('Recovery', kfs.recovery);
  line(
    'Grievance redressal officer',
    `${kfs.grievance.name}, ${kfs.grievance.email}, ${kfs.grievance.phone}`,
  );
  line('Escalation', kfs.grievance.escalation);
}

function writeKfsSchedule({ doc, money }: Writer, kfs: TKeyFactStatement) {
  doc
    .moveDown()
    .fontSize(12)
    .text(
      'Repayment schedule (dates as if disbursed on the day of issue; they move with the disbursal day)',
    );
  const columns = [
    { title: 'No.', width: 40 },
    { title: 'Due (IST)', width: 90 },
    { title: 'Principal', width: 100, right: true },
    { title: 'Interest', width: 100, right: true },
    { title: 'Instalment', width: 100, right: true },
    { title: 'Balance', width: 100, right: true },
  ];
  const row = pdfTableRows(doc, columns, doc.page.margins.left);
  row(
    columns.map((c) => c.title),
    9,
  );
  for (const i of kfs.schedule)
    row([
      String(i.number),
      i.due_date,
      money(i.principal_paise),
      money(i.interest_paise),
      money(i.amount_paise),
      money(i.balance_after_paise),
    ]);
}

export async function noDuesPdf(letter: NoDuesLetter): Promise<Buffer> {
  const pdf = await openPdf({ title: `No-dues certificate ${letter.loanId}`, margin: 56 });
  const { doc } = pdf;
  const money = (paise: bigint) => pdf.money(formatPaise(paise));
  doc.fontSize(16).text('No-dues certificate');
  doc.fontSize(10).moveDown();
  doc.text(`Issued ${istTime(letter.issuedAt)} IST`);
  doc.text(`To: ${letter.client.name} (UID ${letter.client.uid})`);
  doc.moveDown();
  doc.text(
    `This certifies that loan ${letter.loanId} (${letter.product}, ${money(letter.amountPaise)}, disbursed ${istTime(letter.disbursedAt)} IST) was ${CLOSED_BY[letter.closedBy]} on ${istTime(letter.closedAt)} IST, and that nothing is due from you on it.`,
  );
  doc.moveDown();
  doc.text(`Principal repaid: ${money(letter.paid.principal)}`);
  doc.text(`Interest paid: ${money(letter.paid.interest)}`);
  doc.text(`Penal charges paid: ${money(letter.paid.fees)}`);
  doc.text(`Repayments: ${letter.repayments}`);
  doc.moveDown();
  doc.text(
    letter.released.length
      ? `Pledges released: ${letter.released.map((p) => `${p.quantity} ${p.symbol}`).join(', ')}. The shares are free to sell.`
      : 'No shares were held in pledge for this loan.',
  );
  doc.moveDown().fontSize(8).text('Issued electronically; valid without signature.');
  return pdf.finish();
}
