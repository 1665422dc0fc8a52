import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { ARTICLE_ID, articleView } from '../test/fixtures';
import { ArticlesPanel } from './articles-panel';

describe('ArticlesPanel', () => {
  it('lists every status, links to the editor and filters by status', async () => {
    const api = mockApi({
      'GET /news/articles': (config) =>
        ok({
          items:
            config.params?.status === 'published'
              ? [articleView({ status: 'published', title: 'Live note' })]
              : [
                  articleView(),
                  articleView({
                    id: 'e1',
                    title: 'Imported headline',
                    status: 'published',
                    imported: true,
                  }),
                ],
          next_cursor: null,
        }),
    });
    renderWithProviders(<ArticlesPanel />);
    const rows = await screen.findAllByTestId('news-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Market wrap' })).toHaveAttribute(
      'href',
      `/news/${ARTICLE_ID}`,
    );
    expect(within(rows[1]!).getByText('Imported')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Published' }));
    await waitFor(() => expect(screen.getAllByTestId('news-row')).toHaveLength(1));
    expect(screen.getByText('Live note')).toBeInTheDocument();
    expect(api.calls.at(-1)!.params).toMatchObject({ status: 'published', limit: 20 });
  });

  it('offers Load more while the server has another page', async () => {
    const api = mockApi({
      'GET /news/articles': [
        ok({ items: [articleView()], next_cursor: 'next' }),
        ok({ items: [articleView({ id: 'second', title: 'Older note' })], next_cursor: null }),
      ],
    });
    renderWithProviders(<ArticlesPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older note')).toBeInTheDocument();
    expect(api.calls[1]!.params).toMatchObject({ cursor: 'next' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
