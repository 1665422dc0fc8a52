/**
 * The HTML part of a loan notice e-mail (margin call, call met, pledge invoked). The text part
 * stays the message the app shows, word for word; the HTML carries the same sentence and sets
 * the figures a client must act on (amount, deadline) apart, so they are not lost in a
 * paragraph. Inline styles only: mail programs drop <style> and never run script.
 */
import { LENDER } from './key-facts.ts';

export type NoticeFact = readonly [label: string, value: string];

/** The words are ours, but symbols and amounts pass through them: escape everything. */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FONT = 'font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif';

function factsTable(facts: readonly NoticeFact[]) {
  if (facts.length === 0) return '';
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;font-weight:normal;color:#5c5f66">${escape(label)}</th>` +
        `<td style="padding:4px 0;font-weight:600">${escape(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;margin:12px 0">${rows}</table>`;
}

/** A whole HTML document for one notice: heading, the message, then its key figures. */
export function noticeHtml(input: {
  subject: string;
  message: string;
  facts?: readonly NoticeFact[];
}): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(input.subject)}</title></head>` +
    `<body style="${FONT};color:#1a1b1e;max-width:36rem;margin:0 auto;padding:16px">` +
    `<h1 style="font-size:18px;margin:0 0 12px">${escape(input.subject)}</h1>` +
    `<p style="line-height:1.5;margin:0">${escape(input.message)}</p>` +
    factsTable(input.facts ?? []) +
    `<p style="color:#5c5f66;font-size:12px;margin-top:24px">${escape(LENDER)} · Your loan's page in the app shows its schedule, dues and pledged shares.</p>` +
    `</body></html>`
  );
}
