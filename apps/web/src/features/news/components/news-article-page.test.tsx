import type { TNewsArticle } from '@sampada/shared';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { NewsArticlePage } from './news-article-page';

const ID = '00000000-0000-4000-8000-0000000000aa';
const article: TNewsArticle = {
  id: ID,
  title: 'Sensex ends higher',
  summary: 'Benchmarks rose.',
  body: 'Benchmarks rose in late trade.\n\nBanks led the gains.',
  image_url: '/files/news/chart.jpg',
  source: 'Example Markets',
  link: 'https://markets.example.in/story/1',
  symbols: ['HDFCBANK', 'ICICIBANK'],
  published_at: '2026-03-02T05:00:00.000Z',
};

/** The page needs its :id, so it is mounted as a route and navigated to. */
async function openArticle(id = ID) {
  const rendered = renderWithProviders(<div />, {
    route: '/start',
    routes: [{ path: '/news/:id', element: <NewsArticlePage /> }],
  });
  await act(() => rendered.router.navigate(`/news/${id}`));
  return rendered;
}

beforeEach(() => resetAppState());

describe('NewsArticlePage (/news/:id)', () => {
  it('shows title, source, date, body paragraphs, the original link and related symbols', async () => {
    mockApi({ [`GET /news/app/v1/articles/${ID}`]: ok(article) });
    await openArticle();
    const page = await screen.findByTestId('news-article');
    expect(within(page).getByRole('heading', { name: 'Sensex ends higher' })).toBeInTheDocument();
    expect(within(page).getByText('Example Markets')).toBeInTheDocument();
    // In the timezone chosen on the login page: UTC unless changed (spec §1).
    expect(within(page).getByText(/2 Mar 2026, 5:00 am UTC/)).toBeInTheDocument();
    expect(within(page).getByText('Benchmarks rose in late trade.')).toBeInTheDocument();
    expect(within(page).getByText('Banks led the gains.')).toBeInTheDocument();
    const original = within(page).getByRole('link', {
      name: /Read the original at markets\.example\.in/,
    });
    expect(original).toHaveAttribute('href', article.link);
    expect(original).toHaveAttribute('target', '_blank');
    expect(original.getAttribute('rel')).toContain('noopener');
    expect(within(page).getByRole('link', { name: 'News about HDFCBANK' })).toHaveAttribute(
      'href',
      '/news?symbol=HDFCBANK',
    );
    expect(within(page).getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
  });

  it('opens the picture in the image viewer, which zooms', async () => {
    mockApi({ [`GET /news/app/v1/articles/${ID}`]: ok(article) });
    const { user } = await openArticle();
    await user.click(await screen.findByRole('button', { name: /Sensex ends higher/ }));
    const dialog = await screen.findByRole('dialog');
    const zoomed = within(dialog).getByRole('img', { name: 'Sensex ends higher' });
    expect(zoomed).toHaveAttribute('data-zoom', '1');
    await user.click(within(dialog).getByRole('button', { name: /zoom in/i }));
    expect(zoomed).toHaveAttribute('data-zoom', '1.25');
  });

  it('has no original link for the firm’s own notes', async () => {
    mockApi({
      [`GET /news/app/v1/articles/${ID}`]: ok({ ...article, link: null, image_url: null }),
    });
    await openArticle();
    await screen.findByTestId('news-article');
    expect(screen.queryByText(/Read the original/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says the article is not available when the server answers 404', async () => {
    mockApi({
      [`GET /news/app/v1/articles/${ID}`]: fail(404, 'This article is not available.'),
    });
    await openArticle();
    expect(await screen.findByText(/This article is not available/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All news' })).toBeInTheDocument();
  });
});
