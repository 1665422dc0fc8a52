import type { TNewsSummary } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import NewsListPage from './news-list-page';

const summary = (n: number, overrides: Partial<TNewsSummary> = {}): TNewsSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Headline ${n}`,
  summary: `Summary ${n}`,
  image_url: null,
  source: 'Sampada Research',
  link: null,
  symbols: [],
  published_at: new Date(Date.now() - n * 3_600_000).toISOString(),
  ...overrides,
});

beforeEach(() => resetAppState());

describe('NewsListPage (menu component news/list)', () => {
  it('shows cards with image, title, summary, source and how long ago', async () => {
    mockApi({
      'GET /news/app/v1/articles': ok({
        items: [
          summary(1, { image_url: '/files/news/a.jpg', symbols: ['RELIANCE'] }),
          summary(2, { source: 'Example Markets' }),
        ],
        next_cursor: null,
      }),
    });
    const { container } = renderWithProviders(<NewsListPage />, { route: '/news' });
    const cards = await screen.findAllByTestId('news-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Headline 1' })).toHaveAttribute(
      'href',
      '/news/00000000-0000-4000-8000-000000000001',
    );
    expect(first.getByText('Summary 1')).toBeInTheDocument();
    expect(first.getByText('Sampada Research')).toBeInTheDocument();
    expect(first.getByText('1 hour ago')).toBeInTheDocument();
    expect(first.getByText('RELIANCE')).toBeInTheDocument();
    expect(container.querySelector('img[src="/files/news/a.jpg"]')).not.toBeNull();
    expect(within(cards[1]!).getByText('Example Markets')).toBeInTheDocument();
    expect(screen.getByText('You have seen everything.')).toBeInTheDocument();
  });

  it('loads the next page with the cursor when asked', async () => {
    const api = mockApi({
      'GET /news/app/v1/articles': (config) =>
        config.params?.cursor === 'page-2'
          ? ok({ items: [summary(3)], next_cursor: null })
          : ok({ items: [summary(1), summary(2)], next_cursor: 'page-2' }),
    });
    const { user } = renderWithProviders(<NewsListPage />, { route: '/news' });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Headline 3')).toBeInTheDocument();
    expect(screen.getAllByTestId('news-card')).toHaveLength(3);
    expect(api.callsTo('GET /news/app/v1/articles')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps to one symbol from ?symbol= and can go back to all news', async () => {
    const seen: unknown[] = [];
    mockApi({
      'GET /news/app/v1/articles': (config) => {
        seen.push(config.params?.symbol);
        return ok({ items: config.params?.symbol ? [] : [summary(1)], next_cursor: null });
      },
    });
    const { user } = renderWithProviders(<NewsListPage />, { route: '/news?symbol=tcs' });
    expect(await screen.findByText('No news about TCS yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'News about TCS' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All news' }));
    expect(await screen.findByText('Headline 1')).toBeInTheDocument();
    expect(seen).toEqual(['TCS', undefined]);
  });

  it('says when there is no news, and offers a retry when loading failed', async () => {
    mockApi({
      'GET /news/app/v1/articles': [
        fail(500, 'Server error'),
        ok({ items: [], next_cursor: null }),
      ],
    });
    const { user } = renderWithProviders(<NewsListPage />, { route: '/news' });
    expect(await screen.findByText('News could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No news yet/)).toBeInTheDocument();
  });
});
