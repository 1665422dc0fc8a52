import type { TNewsArticleView, TNewsFeedView } from '@sampada/shared';

export const ARTICLE_ID = '3f1c2f43-9a59-4a53-8c43-5b0e6c8f1a01';

export const articleView = (overrides: Partial<TNewsArticleView> = {}): TNewsArticleView => ({
  id: ARTICLE_ID,
  title: 'Market wrap',
  summary: 'Benchmarks ended flat.',
  body: 'First.\n\nSecond.',
  image_url: null,
  source: 'Sampada Research',
  link: null,
  symbols: ['RELIANCE'],
  status: 'draft',
  published_at: null,
  imported: false,
  created_by: 'advisor@sampada.in',
  created_at: '2026-03-02T05:00:00.000Z',
  updated_at: '2026-03-02T05:00:00.000Z',
  ...overrides,
});

export const feedView = (overrides: Partial<TNewsFeedView> = {}): TNewsFeedView => ({
  id: '8b8d5a34-2f43-4d6e-a0f3-8d0b9b1e2c11',
  url: 'https://markets.example.in/rss.xml',
  name: 'Example Markets',
  enabled: true,
  last_fetched_at: null,
  last_error: null,
  created_at: '2026-03-01T05:00:00.000Z',
  ...overrides,
});
