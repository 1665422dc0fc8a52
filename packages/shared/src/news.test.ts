import { describe, expect, it } from 'vitest';
import { NM, ZNewsArticleInput, ZNewsFeedInput, ZNewsListQuery } from './news.ts';

describe('news schemas', () => {
  it('upper-cases and de-duplicates symbols, and reads an empty link as none', () => {
    const parsed = ZNewsArticleInput.parse({
      title: ' Market wrap ',
      symbols: ['reliance', 'RELIANCE', ' tcs '],
      link: '',
    });
    expect(parsed).toEqual({
      title: 'Market wrap',
      summary: '',
      body: '',
      symbols: ['RELIANCE', 'TCS'],
      link: null,
    });
  });

  it('refuses links and feed addresses that are not http(s), with the shared messages', () => {
    const link = ZNewsArticleInput.safeParse({ title: 'A', link: 'javascript:alert(1)' });
    expect(link.error?.issues[0]?.message).toBe(NM.linkInvalid);
    const feed = ZNewsFeedInput.safeParse({ name: 'F', url: 'file:///etc/passwd' });
    expect(feed.error?.issues[0]?.message).toBe(NM.feedUrlInvalid);
  });

  it('pages the client list by 20, at most 50', () => {
    expect(ZNewsListQuery.parse({})).toEqual({ limit: 20 });
    expect(ZNewsListQuery.safeParse({ limit: '51' }).success).toBe(false);
    expect(ZNewsListQuery.parse({ symbol: 'infy' }).symbol).toBe('INFY');
  });
});
