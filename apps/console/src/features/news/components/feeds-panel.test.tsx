import { NM } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { feedView } from '../test/fixtures';
import { FeedsPanel } from './feeds-panel';

const broken = feedView({
  id: '0c6b1c0e-56a4-4a57-9f8c-1f0d7b9c3a22',
  name: 'Broken Feed',
  url: 'https://broken.example/feed',
  last_fetched_at: '2026-03-02T05:00:00.000Z',
  last_error: 'The feed answered HTTP 500.',
});

describe('FeedsPanel', () => {
  it('lists feeds with their last error', async () => {
    mockApi({ 'GET /news/feeds': ok([feedView(), broken]) });
    renderWithProviders(<FeedsPanel />);
    const rows = await screen.findAllByTestId('feed-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('The feed answered HTTP 500.')).toBeInTheDocument();
  });

  it('adds a feed after checking the address with the shared message', async () => {
    const api = mockApi({
      'GET /news/feeds': ok([]),
      'POST /news/feeds': ok(feedView(), 'Feed added.'),
    });
    renderWithProviders(<FeedsPanel />);
    await screen.findByText('No feeds yet.');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Example Markets');
    await userEvent.type(screen.getByLabelText(/Feed address/), 'ftp://example.in/feed');
    await userEvent.click(screen.getByRole('button', { name: 'Add feed' }));
    expect(await screen.findByText(NM.feedUrlInvalid)).toBeInTheDocument();
    expect(api.callsTo('POST /news/feeds')).toHaveLength(0);

    const address = screen.getByLabelText(/Feed address/);
    await userEvent.clear(address);
    await userEvent.type(address, 'https://markets.example.in/rss.xml');
    await userEvent.click(screen.getByRole('button', { name: 'Add feed' }));
    expect(await screen.findByText('Feed added.')).toBeInTheDocument();
    expect(api.callsTo('POST /news/feeds')[0]!.body).toEqual({
      name: 'Example Markets',
      url: 'https://markets.example.in/rss.xml',
      enabled: true,
    });
  });

  it('turns a feed off with its switch', async () => {
    const feed = feedView();
    const api = mockApi({
      'GET /news/feeds': ok([feed]),
      [`POST /news/feeds/${feed.id}`]: ok({ ...feed, enabled: false }),
    });
    renderWithProviders(<FeedsPanel />);
    await userEvent.click(await screen.findByLabelText('Import from Example Markets'));
    expect(api.callsTo(`POST /news/feeds/${feed.id}`)[0]!.body).toEqual({ enabled: false });
  });

  it('imports now and shows what each feed brought or why it failed', async () => {
    mockApi({
      'GET /news/feeds': ok([feedView(), broken]),
      'POST /news/import': ok({
        imported: 3,
        skipped: 2,
        feeds: [
          { feed_id: feedView().id, name: 'Example Markets', imported: 3, skipped: 2, error: null },
          {
            feed_id: broken.id,
            name: 'Broken Feed',
            imported: 0,
            skipped: 0,
            error: 'The feed did not answer within 10 seconds.',
          },
        ],
      }),
    });
    renderWithProviders(<FeedsPanel />);
    await screen.findAllByTestId('feed-row');
    await userEvent.click(screen.getByRole('button', { name: 'Import now' }));
    const result = await screen.findByTestId('import-result');
    expect(result).toHaveTextContent('Imported 3, skipped 2');
    expect(result).toHaveTextContent('Example Markets — 3 new, 2 already imported');
    expect(result).toHaveTextContent('Broken Feed — The feed did not answer within 10 seconds.');
  });

  it('removes a feed only after confirmation', async () => {
    const feed = feedView();
    const api = mockApi({
      'GET /news/feeds': ok([feed]),
      [`POST /news/feeds/${feed.id}/delete`]: ok(null, 'Feed removed.'),
    });
    renderWithProviders(<FeedsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Feed removed.')).toBeInTheDocument();
    expect(api.callsTo(`POST /news/feeds/${feed.id}/delete`)).toHaveLength(1);
  });
});
