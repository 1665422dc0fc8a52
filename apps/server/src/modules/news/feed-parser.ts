/**
 * RSS 2.0 and Atom documents to plain items. Pure: no I/O, no database, so every odd feed
 * found in the wild can be pinned by a unit test. HTML in descriptions becomes plain text
 * (the client renders text only, so nothing from a feed ever reaches the page as markup).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type FeedItem = {
  /** The item's own identity (RSS guid, Atom id), else its link, else its title and date. */
  guid: string;
  title: string;
  summary: string;
  body: string;
  link: string | null;
  publishedAt: Date | null;
};

export class FeedFormatError extends Error {}

const SUMMARY_MAX = 600;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: false,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

type Node = Record<string, unknown>;

/** The text of an element that may carry attributes (`{ '#text': …, '@_type': … }`). */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object') return textOf((value as Node)['#text']);
  return '';
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  rupee: '₹',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** HTML to plain text: block ends become blank lines, every tag goes, entities are decoded. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|iframe|noscript)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|section|article|tr)\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(text)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
export function clip(text: string, max = SUMMARY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function dateOf(value: unknown): Date | null {
  const text = textOf(value).trim();
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

function httpLink(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function toItem(parts: {
  guid: string;
  title: string;
  summaryHtml: string;
  bodyHtml: string;
  link: string;
  date: Date | null;
}): FeedItem | null {
  const title = clip(htmlToText(parts.title), 200);
  if (!title) return null;
  const body = htmlToText(parts.bodyHtml || parts.summaryHtml);
  const summary = clip(htmlToText(parts.summaryHtml) || body);
  const link = httpLink(parts.link);
  const guid = parts.guid.trim() || link || `${title}|${parts.date?.toISOString() ?? ''}`;
  return { guid, title, summary, body, link, publishedAt: parts.date };
}

function rssItems(channel: Node): FeedItem[] {
  const items = (channel.item as Node[] | undefined) ?? [];
  return items.flatMap((item) => {
    const parsed = toItem({
      guid: textOf(item.guid),
      title: textOf(item.title),
      summaryHtml: textOf(item.description),
      bodyHtml: textOf(item['content:encoded']),
      link: textOf(item.link),
      date: dateOf(item.pubDate) ?? dateOf(item['dc:date']),
    });
    return parsed ? [parsed] : [];
  });
}

/** Atom links: the `alternate` one (or the one without rel) is the article itself. */
function atomLink(links: unknown): string {
  const list = (Array.isArray(links) ? links : links ? [links] : []) as Node[];
  const alternate =
    list.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? list[0] ?? undefined;
  return alternate ? String(alternate['@_href'] ?? textOf(alternate)) : '';
}

function atomItems(feed: Node): FeedItem[] {
  const entries = (feed.entry as Node[] | undefined) ?? [];
  return entries.flatMap((entry) => {
    const parsed = toItem({
      guid: textOf(entry.id),
      title: textOf(entry.title),
      summaryHtml: textOf(entry.summary),
      bodyHtml: textOf(entry.content),
      link: atomLink(entry.link),
      date: dateOf(entry.published) ?? dateOf(entry.updated),
    });
    return parsed ? [parsed] : [];
  });
}

/** The items of an RSS 2.0 or Atom document; FeedFormatError for anything else. */
export function parseFeed(xml: string): FeedItem[] {
  // Feeds never need entities of their own; refusing them closes entity-expansion tricks.
  if (/<!ENTITY/i.test(xml)) throw new FeedFormatError('The feed declares its own entities.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new FeedFormatError(
      `The feed is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}).`,
    );
  }
  const document = parser.parse(xml) as Node;
  const rss = document.rss as Node | undefined;
  if (rss && typeof rss === 'object' && 'channel' in rss) {
    // An empty <channel/> parses as '': a feed with nothing in it yet.
    return typeof rss.channel === 'object' && rss.channel ? rssItems(rss.channel as Node) : [];
  }
  const feed = document.feed as Node | undefined;
  if (feed && typeof feed === 'object') return atomItems(feed);
  throw new FeedFormatError('The document is neither an RSS 2.0 nor an Atom feed.');
}
