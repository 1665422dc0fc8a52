/**
 * The statement of securities: each holding with its quantity (free, for sale, pledged), the
 * price it is valued at and its value, as at the moment the statement is made (IST). Holdings
 * are read from the trading module's positions, which hold only the present: a statement
 * "as at" a past day would need the fills replayed through corporate actions (not done).
 */
import { APP_NAME, formatPaise, type THolding } from '@sampada/shared';
import { csvFile, csvRow } from '../../platform/csv.ts';
import { istTime } from '../../platform/ist.ts';
import { openPdf, pdfTableRows, type SealedPdf, sealedOptions } from '../../platform/pdf.ts';

export type HoldingsStatementData = {
  client: { name: string; uid: string; account: string };
  asAt: Date;
  holdings: THolding[];
};

const paise = (value: number) => formatPaise(BigInt(value));
const totalValue = (data: HoldingsStatementData) =>
  data.holdings.reduce((sum, h) => sum + BigInt(h.current_value_paise), 0n);

export const holdingsFileName = (data: HoldingsStatementData, format: 'csv' | 'pdf') =>
  `holdings-${data.client.uid}-${istTime(data.asAt).slice(0, 10)}.${format}`;

export function holdingsStatementCsv(data: HoldingsStatementData): string {
  return csvFile([
    csvRow([`${APP_NAME} statement of securities`]),
    csvRow(['Client', data.client.name]),
    csvRow(['UID', data.client.uid]),
    csvRow(['Account', data.client.account]),
    csvRow(['As at', `${istTime(data.asAt)} IST`]),
    '',
    csvRow(['Symbol', 'Name', 'Quantity', 'Pledged', 'Average cost', 'Price', 'Value']),
    ...data.holdings.map((h) =>
      csvRow([
        h.symbol,
        h.name,
        String(h.quantity),
        String(h.pledged),
        paise(h.average_cost_paise),
        paise(h.price_paise),
        paise(h.current_value_paise),
      ]),
    ),
    csvRow(['Total', '', '', '', '', '', formatPaise(totalValue(data))]),
  ]);
}

const COLUMNS = [
  { title: 'Symbol', width: 70 },
  { title: 'Name', width: 150 },
  { title: 'Qty', width: 45, right: true },
  { title: 'Pledged', width: 45, right: true },
  { title: 'Price', width: 90, right: true },
  { title: 'Value', width: 115, right: true },
] as const;

/** Signed by the firm; the e-mailed copy is also opened only with the client's PAN. */
export async function holdingsStatementPdf(
  data: HoldingsStatementData,
  sealed: SealedPdf,
): Promise<Buffer> {
  const { doc, money, finish } = await openPdf({
    title: 'Statement of securities',
    margin: 40,
    ...sealedOptions(sealed, 'Statement of securities'),
  });
  const left = doc.page.margins.left;
  doc.fontSize(16).text(`${APP_NAME} — statement of securities`, left, 40);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Client: ${data.client.name}`);
  doc.text(`UID: ${data.client.uid}    Account: ${data.client.account}`);
  doc.text(`As at: ${istTime(data.asAt)} IST (valued at the last traded price)`);
  doc.text(money(`Total value: ${formatPaise(totalValue(data))}`));
  doc.moveDown();
  const drawRow = pdfTableRows(doc, COLUMNS, left);
  drawRow(
    COLUMNS.map((c) => c.title),
    9,
  );
  if (data.holdings.length === 0) doc.fontSize(9).text('No securities held.', left);
  for (const h of data.holdings) {
    drawRow([
      h.symbol,
      h.name,
      String(h.quantity),
      String(h.pledged),
      money(paise(h.price_paise)),
      money(paise(h.current_value_paise)),
    ]);
  }
  return finish();
}
