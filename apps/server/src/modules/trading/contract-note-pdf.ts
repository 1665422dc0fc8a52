/**
 * A contract note as a PDF: a page a note, its charges itemised. Free of the database, so a
 * worker thread can make a day's notes (note-delivery/note-pdf-pool.ts).
 */
import {
  CHARGE_LABELS,
  formatPaise,
  ORDER_TYPE_LABELS,
  type TCharges,
  type TContractNote,
  VIP_DISCOUNT_LABEL,
} from '@sampada/shared';
import { istTime } from '../../platform/ist.ts';
import { openPdf, type SealedPdf, sealedOptions } from '../../platform/pdf.ts';

type OpenedPdf = Awaited<ReturnType<typeof openPdf>>;

/** One note on the current page, its charges itemised. */
function writeNote(pdf: OpenedPdf, note: TContractNote) {
  const { doc } = pdf;
  const money = (paise: number) => pdf.money(formatPaise(BigInt(paise)));
  doc.fontSize(16).text(`${note.firm} — contract note`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Contract note no.: ${note.contract_note_no}`);
  doc.text(`Client: ${note.client.name} (UID ${note.client.uid})`);
  doc.text(
    `Trade date: ${note.trade_date}    Executed: ${istTime(new Date(note.executed_at))} IST`,
  );
  doc.moveDown();
  doc.text(
    `${note.side === 'buy' ? 'Bought' : 'Sold'} ${note.quantity} × ${note.symbol} (${note.name})`,
  );
  if (note.isin) doc.text(`ISIN: ${note.isin}`);
  doc.text(`Order: ${ORDER_TYPE_LABELS[note.type]} · ${note.order_id}`);
  doc.text(`Price: ${money(note.price_paise)}    Value: ${money(note.value_paise)}`);
  doc.moveDown();
  for (const [key, label] of Object.entries(CHARGE_LABELS))
    doc.text(`${label}: ${money(note.charges[key as keyof TCharges])}`);
  if (note.charges.vip_discount_paise > 0)
    doc.text(`${VIP_DISCOUNT_LABEL}: −${money(note.charges.vip_discount_paise)}`);
  doc.text(`Total charges: ${money(note.charges.total_paise)}`);
  doc.moveDown();
  doc
    .fontSize(12)
    .text(`Net ${note.side === 'buy' ? 'payable' : 'receivable'}: ${money(note.net_paise)}`);
  doc.fontSize(8).moveDown().text(`Ledger posting ${note.posting_id}. Delivery settlement.`);
}

/** One note as the client downloads it in the app: signed by the firm, not encrypted. */
export async function contractNotePdf(note: TContractNote, sealed: SealedPdf): Promise<Buffer> {
  const pdf = await openPdf({
    title: `Contract note ${note.contract_note_no}`,
    margin: 48,
    ...sealedOptions(sealed, `Contract note ${note.contract_note_no}`),
  });
  writeNote(pdf, note);
  return pdf.finish();
}

/**
 * A trading day's notes of one client in one document, a page each, signed by the firm and
 * opened with `password` (the e-mailed copy; decision 031).
 */
export async function dayContractNotesPdf(
  notes: TContractNote[],
  day: string,
  sealed: SealedPdf,
): Promise<Buffer> {
  const pdf = await openPdf({
    title: `Contract notes ${day}`,
    margin: 48,
    ...sealedOptions(sealed, `Contract notes for ${day}`),
  });
  notes.forEach((note, i) => {
    if (i > 0) pdf.doc.addPage();
    writeNote(pdf, note);
  });
  return pdf.finish();
}
