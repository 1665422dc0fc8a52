import { describe, expect, it } from 'vitest';
import { ATOM_FEED, MALFORMED_FEED, NOT_A_FEED, RSS_FEED } from './test/feeds.ts';
import { clip, FeedFormatError, htmlToText, parseFeed } from './feed-parser.ts';

describe('parseFeed', () => {
  it('reads RSS 2.0 items: guid, link, date, description as text, content:encoded as body', () => {
    const items = parseFeed(RSS_FEED);
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      guid: 'story-1',
      title: 'Sensex ends higher & Nifty gains',
      summary: 'Benchmarks rose in late trade. Banks led gains.',
      body: 'Benchmarks rose in late trade.\n\nBanks led gains.',
      link: 'https://markets.example.in/story/1',
      publishedAt: new Date('2026-03-02T05:00:00Z'),
    });
    expect(items[1]!.body).toBe('The rupee was little changed.\n\nTraders cited steady flows.');
    expect(items[1]!.summary).toBe('The rupee was little changed.');
  });

  it('reads Atom entries: id, the alternate link, published before updated, html titles', () => {
    const items = parseFeed(ATOM_FEED);
    expect(items.map((i) => i.title)).toEqual(['GDP data due on Friday', 'Bond yields flat']);
    expect(items[0]!.link).toBe('https://economy.example.in/gdp');
    expect(items[0]!.guid).toBe('urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a');
    expect(items[0]!.publishedAt).toEqual(new Date('2026-03-02T05:00:00Z'));
    expect(items[1]!.publishedAt).toEqual(new Date('2026-03-01T12:00:00Z'));
    expect(items[1]!.body).toBe('Yields were unchanged.\n\nSecond paragraph.');
    expect(items[1]!.summary).toBe('Yields were unchanged. Second paragraph.');
  });

  it('refuses malformed XML, documents that are not feeds, and declared entities', () => {
    expect(() => parseFeed(MALFORMED_FEED)).toThrow(FeedFormatError);
    expect(() => parseFeed(NOT_A_FEED)).toThrow('neither an RSS 2.0 nor an Atom feed');
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaa">]><rss><channel><item><title>&a;</title></item></channel></rss>`;
    expect(() => parseFeed(bomb)).toThrow('entities');
  });

  it('takes an empty channel as a feed with no items', () => {
    expect(parseFeed('<rss version="2.0"><channel></channel></rss>')).toEqual([]);
  });

  it('falls back to the link, then title and date, when an item has no guid', () => {
    const xml = `<rss version="2.0"><channel>
      <item><title>A</title><link>https://x.example/a</link></item>
      <item><title>B</title><link>javascript:alert(1)</link></item>
    </channel></rss>`;
    const [a, b] = parseFeed(xml);
    expect(a!.guid).toBe('https://x.example/a');
    expect(b!.link).toBeNull();
    expect(b!.guid).toBe('B|');
  });
});

describe('htmlToText and clip', () => {
  it('drops scripts, styles and tags, keeps paragraphs and decodes entities', () => {
    expect(
      htmlToText('<style>p{}</style><p>One&nbsp;&amp; two</p><div>Three<br>four &#8377;5</div>'),
    ).toBe('One & two\n\nThree four ₹5');
  });

  it('cuts long text at a word with an ellipsis', () => {
    expect(clip('alpha beta gamma delta', 12)).toBe('alpha beta…');
    expect(clip('short', 12)).toBe('short');
  });
});
