import { describe, expect, it } from 'vitest';
import { loadFontKit, loadPdfKit } from './on-demand.ts';
import { unicodeFont } from './pdf.ts';
import { type Fontkit, sharedPdfFont } from './pdf-font.ts';

/**
 * A page with what contract notes and statements hold: the ₹ sign, a composite glyph (é, ñ),
 * words repeated across lines, a wrapped paragraph and right-aligned figures.
 */
async function page(font: object, client: string): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    font: font as unknown as string,
    size: 'A4',
    margin: 48,
    // Fixed, so that two runs of the same page are the same bytes.
    info: { Title: 'Contract notes', CreationDate: new Date('2026-11-27T10:00:00Z') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.fontSize(16).text('Sampada Wealth — contract note');
  doc.fontSize(10).text(`Client: ${client} (UID 40000001)`);
  for (const label of ['Brokerage', 'STT', 'Exchange charges', 'GST', 'Brokerage'])
    doc.text(`${label}: ₹1,234.56`, { width: 300, align: 'right' });
  doc.text('Total charges: ₹65.12 · Net payable: ₹35,065.12 − nothing else. '.repeat(6));
  doc.end();
  return done;
}

describe('the PDF font shared by every document of a process', () => {
  const fontPath = unicodeFont();

  it.skipIf(!fontPath)(
    'lays out and embeds each document exactly as a font of its own would, however many came before',
    async () => {
      const fontkit = await loadFontKit();
      const shared = sharedPdfFont(fontkit.openSync(fontPath!) as unknown as Fontkit);
      for (const client of ['Renée Núñez', 'Priya Sharma', 'Renée Núñez', 'Zoë Brontë']) {
        const own = await page(fontkit.openSync(fontPath!), client);
        expect((await page(shared, client)).equals(own), client).toBe(true);
      }
    },
  );
});
