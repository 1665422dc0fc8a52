import { NM } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { ARTICLE_ID, articleView } from '../test/fixtures';
import { NewsEditorPage } from './news-editor';

const renderNew = () =>
  renderWithProviders(<NewsEditorPage />, { route: '/news/new', path: '/news/new' });
const renderExisting = () =>
  renderWithProviders(<NewsEditorPage />, { route: `/news/${ARTICLE_ID}`, path: '/news/:id' });

describe('NewsEditorPage: a new article', () => {
  it('checks the title with the shared message before calling the server', async () => {
    const api = mockApi({});
    renderNew();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(NM.titleRequired)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('previews a picked image, then creates, uploads it and publishes in one go', async () => {
    const created = articleView({ title: 'Banks lead gains', symbols: ['HDFCBANK'] });
    const api = mockApi({
      'POST /news/articles': ok(created, 'Draft saved.'),
      [`POST /news/articles/${ARTICLE_ID}/image`]: ok(
        { ...created, image_url: `/files/news/${ARTICLE_ID}.jpg` },
        'Image uploaded.',
      ),
      [`POST /news/articles/${ARTICLE_ID}/publish`]: ok(
        { ...created, status: 'published', published_at: '2026-03-02T06:00:00.000Z' },
        'Article published.',
      ),
    });
    const { container } = renderNew();
    await userEvent.type(screen.getByLabelText(/Title/), 'Banks lead gains');
    await userEvent.type(screen.getByLabelText(/Summary/), 'Private lenders rose.');
    await userEvent.type(screen.getByLabelText(/^Body/), 'One.{enter}{enter}Two.');
    await userEvent.type(
      screen.getByLabelText('Symbols', { selector: 'input' }),
      'hdfcbank{enter}',
    );

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chart.png', {
      type: 'image/png',
    });
    await userEvent.upload(container.querySelector('input[type=file]') as HTMLInputElement, file);
    expect(screen.getByRole('img', { name: 'Article image preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(screen.getByText('Uploaded when the article is saved.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/news/${ARTICLE_ID}`);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /news/articles',
      `POST /news/articles/${ARTICLE_ID}/image`,
      `POST /news/articles/${ARTICLE_ID}/publish`,
    ]);
    expect(api.calls[0]!.body).toEqual({
      title: 'Banks lead gains',
      summary: 'Private lenders rose.',
      body: 'One.\n\nTwo.',
      symbols: ['HDFCBANK'],
      source: '',
      link: null,
    });
    const sent = api.calls[1]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('chart.png');
  });
});

describe('NewsEditorPage: an existing article', () => {
  it('unpublishes a published article', async () => {
    const published = articleView({ status: 'published', published_at: '2026-03-02T06:00:00Z' });
    const api = mockApi({
      [`GET /news/articles/${ARTICLE_ID}`]: ok(published),
      [`POST /news/articles/${ARTICLE_ID}/unpublish`]: ok(
        { ...published, status: 'draft' },
        'Article unpublished.',
      ),
    });
    renderExisting();
    expect(await screen.findByDisplayValue('Market wrap')).toBeInTheDocument();
    expect(within(screen.getByTestId('article-status')).getByText('Published')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Article unpublished.')).toBeInTheDocument();
    expect(api.callsTo(`POST /news/articles/${ARTICLE_ID}/unpublish`)).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByTestId('article-status')).getByText('Draft')).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  it('deletes only after confirmation, then goes back to the list', async () => {
    const api = mockApi({
      [`GET /news/articles/${ARTICLE_ID}`]: ok(articleView()),
      [`POST /news/articles/${ARTICLE_ID}/delete`]: ok(null, 'Article deleted.'),
    });
    renderExisting();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    expect(api.callsTo(`POST /news/articles/${ARTICLE_ID}/delete`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/news');
    expect(api.callsTo(`POST /news/articles/${ARTICLE_ID}/delete`)).toHaveLength(1);
  });

  it("uploads a picked image at once and shows the server's refusal", async () => {
    mockApi({
      [`GET /news/articles/${ARTICLE_ID}`]: ok(articleView()),
      [`POST /news/articles/${ARTICLE_ID}/image`]: fail(400, 'Only image files are allowed.'),
    });
    const { container } = renderExisting();
    await screen.findByDisplayValue('Market wrap');
    const renamed = new File(['not an image'], 'photo.png', { type: 'image/png' });
    await userEvent.upload(
      container.querySelector('input[type=file]') as HTMLInputElement,
      renamed,
    );
    expect(await screen.findByText('Only image files are allowed.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Article image preview' })).not.toBeInTheDocument();
  });

  it('warns that a deleted imported item comes back, and says it came from a feed', async () => {
    mockApi({
      [`GET /news/articles/${ARTICLE_ID}`]: ok(
        articleView({ imported: true, created_by: null, link: 'https://x.example/a' }),
      ),
    });
    renderExisting();
    expect(await screen.findByText(/From a feed/)).toBeInTheDocument();
    expect(screen.getByDisplayValue('https://x.example/a')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    expect(await screen.findByText(/comes back at the next import/)).toBeInTheDocument();
  });
});
