/**
 * PDF documents (statements, contract notes): A4 pages in a font that has the ₹ sign when the
 * machine has one, written to memory. pdfkit loads on the first document, not at start.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { APP_NAME } from '@sampada/shared';
import type { DocumentSigner } from './document-signing.ts';
import { loadFontKit, loadPdfKit } from './on-demand.ts';
import { type Fontkit, sharedPdfFont } from './pdf-font.ts';

/** A font with the ₹ sign; without one the PDF writes "Rs." (the standard fonts lack ₹). */
const UNICODE_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
];
let fontPath: string | null | undefined;
export const unicodeFont = () => (fontPath ??= UNICODE_FONTS.find((f) => existsSync(f)) ?? null);

/**
 * The font, parsed once per process and shared by every document (pdfkit takes a fontkit font
 * as it takes a path; each document still embeds its own subset). Given the path, pdfkit
 * parsed the 740 kB TTF anew for each document: 30–45 ms of a contract note's ~43 ms
 * (bench/contract-notes.mjs); shared, a one-page note takes ~5 ms, and less again with the
 * words' layouts and the glyphs' outlines kept across documents (platform/pdf-font.ts).
 */
let parsedFont: Promise<object | null> | undefined;
const sharedUnicodeFont = () =>
  (parsedFont ??= (async () => {
    const path = unicodeFont();
    return path ? sharedPdfFont((await loadFontKit()).openSync(path) as unknown as Fontkit) : null;
  })());

/**
 * A new A4 document. Write to `doc`, pass amounts through `money` (₹ becomes "Rs." when no
 * font has it), then call `finish` for the bytes.
 */
export async function openPdf(options: {
  title: string;
  margin: number;
  /**
   * Opens only with this password (AES-256, PDF 1.7 extension level 3): e-mailed contract
   * notes use the client's PAN in capitals, as Indian brokers do. The owner password is
   * random and thrown away, so the permissions (print only) hold.
   */
  password?: string;
  /** Signed by the firm (contract notes and statements sent to clients), with this reason. */
  signed?: { signer: DocumentSigner; reason: string };
}) {
  const PDFDocument = await loadPdfKit();
  const font = await sharedUnicodeFont();
  const doc = new PDFDocument({
    // The shared font from the start: otherwise pdfkit first parses Helvetica's metrics for
    // every document (~1 ms of a contract note) only to have it replaced. pdfkit's types name
    // paths and bytes only; its PDFFontFactory takes a fontkit font too.
    ...(font ? { font: font as unknown as string } : {}),
    size: 'A4',
    margin: options.margin,
    info: { Title: options.title, Author: APP_NAME },
    ...(options.password
      ? {
          pdfVersion: '1.7ext3' as const,
          userPassword: options.password,
          ownerPassword: randomBytes(24).toString('hex'),
          permissions: { printing: 'highResolution' as const },
        }
      : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    money: (text: string) => (font ? text : text.replace(/₹/g, 'Rs.')),
    async finish(): Promise<Buffer> {
      const { signed } = options;
      if (signed) signed.signer.reserve(doc, signed.reason);
      doc.end();
      return signed ? signed.signer.sign(await done) : done;
    },
  };
}

/**
 * A document the firm hands a client: signed by the firm; the e-mailed copy is also opened only
 * with the client's PAN (`password`), the one downloaded in the app, behind the client's own
 * sign-in, is not (decision 057).
 */
export type SealedPdf = { signer: DocumentSigner; password?: string };

/** `openPdf`'s options for a sealed copy. */
export const sealedOptions = ({ signer, password }: SealedPdf, reason: string) => ({
  ...(password ? { password } : {}),
  signed: { signer, reason },
});

/** A column of a PDF table: its heading, width in points, and whether figures align right. */
export interface PdfColumn {
  readonly title: string;
  readonly width: number;
  readonly right?: boolean;
}

/**
 * A row writer for a table starting at `left`: each row as tall as its tallest cell, on a new
 * page when it would cross the bottom margin.
 */
export function pdfTableRows(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[], left: number) {
  return (cells: string[], size = 8) => {
    doc.fontSize(size);
    const heights = cells.map((text, i) =>
      doc.heightOfString(text, { width: columns[i]!.width - 4 }),
    );
    const height = Math.max(...heights) + 4;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((text, i) => {
      const column = columns[i]!;
      doc.text(text, x, y, { width: column.width - 4, align: column.right ? 'right' : 'left' });
      x += column.width;
    });
    doc.x = left;
    doc.y = y + height;
  };
}
