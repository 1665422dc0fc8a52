import type { TQuote } from '@sampada/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setQuotesSocketFactory } from '../../../../lib/market/live-quotes';
import { FakeSocket, createFakeSocket, makeQuote } from '../../../../test/fake-socket';
import { fail, mockApi, ok } from '../../../../test/http';
import { renderWithProviders, resetAppState } from '../../../../test/render';
import { signInForTest } from '../../../../test/session';
import WatchlistPage from './watchlist-page';

const RELIANCE = makeQuote('RELIANCE', 2456.1, { change_pct: 0.5 });
const TCS = makeQuote('TCS', 3500, { change_pct: -0.2 });
const INFY = makeQuote('INFY', 1500);
const CONFIG = ok({
  stock_api_key: 'k',
  ws_path: '/ws/app/v1',
  coalesce_ms: 250,
  heartbeat_ms: 15000,
});

const order = () =>
  within(screen.getByTestId('watchlist'))
    .getAllByTestId(/^watchlist-row-/)
    .map((row) => row.dataset.symbol);

const bySymbols = (list: TQuote[], symbols: string[]) =>
  symbols.map((symbol) => list.find((quote) => quote.symbol === symbol)!);

beforeEach(() => {
  resetAppState();
  signInForTest();
  FakeSocket.reset();
  setQuotesSocketFactory(createFakeSocket);
});
afterEach(() => setQuotesSocketFactory(undefined));

describe('watchlist page', () => {
  it('moves a stock with the up and down buttons, saves the order and keeps keyboard focus', async () => {
    const list = [RELIANCE, TCS, INFY];
    const http = mockApi({
      'GET /market/app/v1/watchlist': ok(list),
      'PUT /market/app/v1/watchlist/order': (config) =>
        ok(bySymbols(list, (JSON.parse(config.data as string) as { symbols: string[] }).symbols)),
    });
    const { user } = renderWithProviders(<WatchlistPage />);
    await screen.findByTestId('watchlist-row-TCS');
    expect(order()).toEqual(['RELIANCE', 'TCS', 'INFY']);
    expect(screen.getByRole('button', { name: 'Move RELIANCE up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move INFY down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move TCS up' }));
    expect(order()).toEqual(['TCS', 'RELIANCE', 'INFY']);
    await waitFor(() => expect(http.callsTo('PUT /market/app/v1/watchlist/order')).toHaveLength(1));
    expect(http.calls.at(-1)!.body).toEqual({ symbols: ['TCS', 'RELIANCE', 'INFY'] });
    // TCS is now first, so its "up" button is disabled: focus moves to its "down" button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move TCS down' })).toHaveFocus(),
    );
    expect(screen.getByTestId('watchlist-announcer')).toHaveTextContent(
      'TCS moved to position 1 of 3.',
    );

    // Keyboard only: Enter on the focused button moves TCS back down.
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['RELIANCE', 'TCS', 'INFY']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move TCS down' })).toHaveFocus(),
    );
    await waitFor(() => expect(http.callsTo('PUT /market/app/v1/watchlist/order')).toHaveLength(2));
    expect(http.calls.at(-1)!.body).toEqual({ symbols: ['RELIANCE', 'TCS', 'INFY'] });
  });

  it('puts the old order back when the server refuses the new one', async () => {
    mockApi({
      'GET /market/app/v1/watchlist': ok([RELIANCE, TCS]),
      'PUT /market/app/v1/watchlist/order': fail(
        400,
        'The order must list exactly the symbols on your watchlist.',
      ),
    });
    const { user } = renderWithProviders(<WatchlistPage />);
    await user.click(await screen.findByRole('button', { name: 'Move TCS up' }));
    await waitFor(() => expect(order()).toEqual(['RELIANCE', 'TCS']));
    expect(
      await screen.findByText('The order must list exactly the symbols on your watchlist.'),
    ).toBeInTheDocument();
  });

  it('removes a stock', async () => {
    const http = mockApi({
      'GET /market/app/v1/watchlist': ok([RELIANCE, TCS]),
      'DELETE /market/app/v1/watchlist/RELIANCE': ok([TCS]),
    });
    const { user } = renderWithProviders(<WatchlistPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove RELIANCE' }));
    await waitFor(() => expect(order()).toEqual(['TCS']));
    expect(http.callsTo('DELETE /market/app/v1/watchlist/RELIANCE')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove TCS' })).toHaveFocus());
  });

  it('adds a stock found through search', async () => {
    const http = mockApi({
      'GET /market/app/v1/config': CONFIG,
      'GET /market/app/v1/watchlist': ok([RELIANCE]),
      'GET /stock/api/v1/search/': ok({
        items: [
          { symbol: 'RELIANCE', market: 'NSE', name: 'Reliance Industries', price: 2456.1 },
          { symbol: 'INFY', market: 'NSE', name: 'Infosys', price: 1500 },
        ],
      }),
      'POST /market/app/v1/watchlist': ok([RELIANCE, INFY]),
    });
    const { user } = renderWithProviders(<WatchlistPage />);
    await user.type(await screen.findByRole('combobox', { name: 'Add a stock' }), 'in');
    // The suggestions arrive after the search debounce; already watched stocks are left out.
    await waitFor(() =>
      expect(
        screen.getAllByRole('option', { hidden: true }).map((o) => o.getAttribute('value')),
      ).toEqual(['INFY']),
    );
    // Keyboard only: arrow to the suggestion, Enter adds it.
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(order()).toEqual(['RELIANCE', 'INFY']));
    expect(http.callsTo('POST /market/app/v1/watchlist')[0]!.body).toEqual({ symbol: 'INFY' });
  });

  it('shows live prices from the quote socket', async () => {
    mockApi({ 'GET /market/app/v1/watchlist': ok([RELIANCE]) });
    renderWithProviders(<WatchlistPage />);
    const row = await screen.findByTestId('watchlist-row-RELIANCE');
    expect(row).toHaveTextContent('₹2,456.10');
    const socket = FakeSocket.latest()!.accept();
    expect(socket.sent).toContainEqual({ type: 'subscribe', symbols: ['RELIANCE'] });
    act(() => {
      socket.receive({
        type: 'snapshot',
        quotes: [{ ...RELIANCE, updated_at: '2026-01-05T04:00:01.000Z' }],
      });
      socket.receive({
        type: 'ticks',
        quotes: [
          {
            symbol: 'RELIANCE',
            price: 2460.25,
            change_pct: 0.67,
            updated_at: '2026-01-05T04:00:02.000Z',
          },
        ],
      });
    });
    expect(row).toHaveTextContent('₹2,460.25');
    expect(row).toHaveTextContent('+0.67%');
    expect(within(row).getByText('₹2,460.25')).toHaveAttribute('data-flash', 'up');
  });

  it('says plainly when the list is empty', async () => {
    mockApi({ 'GET /market/app/v1/watchlist': ok([]) });
    renderWithProviders(<WatchlistPage />);
    expect(await screen.findByText(/Your watchlist is empty/)).toBeInTheDocument();
  });
});
