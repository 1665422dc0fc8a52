import type { TStockDetail } from '@sampada/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawerStore } from '../../../../lib/drawers';
import { setQuotesSocketFactory } from '../../../../lib/market/live-quotes';
import { FakeSocket, createFakeSocket, makeQuote } from '../../../../test/fake-socket';
import { mockApi, ok } from '../../../../test/http';
import { renderWithProviders, resetAppState } from '../../../../test/render';
import { signInForTest } from '../../../../test/session';
import { StockDetailPanel } from './stock-detail-panel';

// The canvas chart cannot draw in happy-dom; the stub shows what it was given.
vi.mock('./price-chart', () => ({
  default: ({
    candles,
    interval,
    livePrice,
  }: {
    candles: unknown[];
    interval: string;
    livePrice: number;
  }) => <div data-testid="price-chart">{`${interval}:${candles.length}:${livePrice}`}</div>,
}));

const detail: TStockDetail = {
  ...makeQuote('RELIANCE', 2456.1, {
    name: 'Reliance Industries',
    sector: 'Energy',
    change: 12.5,
    change_pct: 0.51,
    open: 2443.6,
    high: 2460,
    low: 2440.05,
    prev_close: 2443.6,
    volume: 12_345_678,
    value: 30_321_234_567,
    upper_band: 2687.95,
    lower_band: 2199.25,
    week52_high: 3217.9,
    week52_low: 2220.3,
  }),
  isin: 'INE002A01018',
  industry: 'Refineries',
  tick_size: 0.05,
  band_pct: 10,
  fno: false,
  market_cap: 16_620_000_000_000,
  avg_volume: 10_000_000,
  session: 'open',
  indices: ['NIFTY50'],
};
const candle = { time: 1_767_225_600, open: 1, high: 2, low: 1, close: 2, volume: 5 };

function setup(watchlist = [] as unknown[]) {
  const http = mockApi({
    'GET /market/app/v1/config': ok({
      stock_api_key: 'k',
      ws_path: '/ws/app/v1',
      coalesce_ms: 250,
      heartbeat_ms: 15000,
    }),
    'GET /stock/api/v1/stock_detail': ok(detail),
    'GET /stock/api/v1/chart_data': (config) => {
      const interval = (config.params as { interval: string }).interval;
      return ok({
        symbol: 'RELIANCE',
        market: 'NSE',
        interval,
        candles: interval === '1w' ? [candle] : [candle, candle],
      });
    },
    'GET /stock/api/v1/company': ok({
      symbol: 'RELIANCE',
      market: 'NSE',
      name: 'Reliance Industries',
      isin: null,
      sector: null,
      industry: null,
      description: 'Refining and retail.',
      founded: 1973,
      headquarters: 'Mumbai',
      website: null,
      video_url: null,
    }),
    'GET /market/app/v1/watchlist': ok(watchlist),
    'POST /market/app/v1/watchlist': ok([detail]),
  });
  return { http, ...renderWithProviders(<StockDetailPanel symbol="RELIANCE" market="NSE" />) };
}

beforeEach(() => {
  resetAppState();
  drawerStore.set({ open: null });
  signInForTest();
  FakeSocket.reset();
  setQuotesSocketFactory(createFakeSocket);
});
afterEach(() => setQuotesSocketFactory(undefined));

describe('stock detail drawer content (spec §2)', () => {
  it('shows the price with its signed change, and the key statistics in spec §9 formats', async () => {
    setup();
    expect(await screen.findByTestId('stock-price')).toHaveTextContent('₹2,456.10');
    const change = screen.getByTestId('stock-change');
    expect(change).toHaveTextContent('+12.50 (+0.51%)');
    expect(change).toHaveAttribute('data-direction', 'up');
    const stats = screen.getByTestId('key-stats');
    for (const text of [
      '₹2,443.60',
      '₹2,460.00',
      '₹2,440.05',
      '12.346M',
      '₹30.321B',
      '₹3,217.90',
      '₹2,220.30',
      '₹16.620T',
      '₹2,199.25 – ₹2,687.95 (10%)',
      '₹0.05',
      'INE002A01018',
    ]) {
      expect(stats).toHaveTextContent(text);
    }
    expect(await screen.findByTestId('company-intro')).toHaveTextContent('Refining and retail.');
  });

  it('loads candles for the chosen interval (1m … 1W)', async () => {
    const { http, user } = setup();
    expect(await screen.findByTestId('price-chart')).toHaveTextContent('1d:2:2456.1');
    await user.click(screen.getByText('1W'));
    await waitFor(() => expect(screen.getByTestId('price-chart')).toHaveTextContent('1w:1:'));
    expect(http.callsTo('GET /stock/api/v1/chart_data').map((c) => c.params)).toEqual([
      { market: 'NSE', symbol: 'RELIANCE', interval: '1d' },
      { market: 'NSE', symbol: 'RELIANCE', interval: '1w' },
    ]);
  });

  it('follows the live price: a fall turns the change red with a minus sign', async () => {
    setup();
    await screen.findByTestId('stock-price');
    const socket = FakeSocket.latest()!.accept();
    act(() => {
      socket.receive({
        type: 'snapshot',
        quotes: [{ ...detail, updated_at: '2026-01-05T04:00:01.000Z' }],
      });
      socket.receive({
        type: 'ticks',
        quotes: [
          {
            symbol: 'RELIANCE',
            price: 2440.1,
            change: -3.5,
            change_pct: -0.14,
            updated_at: '2026-01-05T04:00:02.000Z',
          },
        ],
      });
    });
    expect(screen.getByTestId('stock-price')).toHaveTextContent('₹2,440.10');
    expect(screen.getByTestId('stock-price')).toHaveAttribute('data-flash', 'down');
    expect(screen.getByTestId('stock-change')).toHaveTextContent('-3.50 (-0.14%)');
    expect(screen.getByTestId('stock-change')).toHaveAttribute('data-direction', 'down');
    expect(screen.getByTestId('price-chart')).toHaveTextContent(':2440.1');
  });

  it('opens the order ticket for this stock from Buy and from Sell', async () => {
    const { http, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Buy' }));
    expect(drawerStore.get()).toMatchObject({
      open: 'order',
      order: { symbol: 'RELIANCE', side: 'buy' },
    });
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(drawerStore.get().order).toEqual({ symbol: 'RELIANCE', side: 'sell' });
    // Opening the ticket orders nothing: the ticket asks for quantity and PIN first.
    expect(http.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('adds the stock to the watchlist', async () => {
    const { http, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add to watchlist' }));
    expect(
      await screen.findByRole('button', { name: 'Remove from watchlist' }),
    ).toBeInTheDocument();
    expect(http.callsTo('POST /market/app/v1/watchlist')[0]!.body).toEqual({ symbol: 'RELIANCE' });
  });
});
