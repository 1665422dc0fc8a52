import {
  XIRR_REASONS,
  type TReturns,
  DEFAULT_CHARGES,
  TRADING_DONE,
  computeCharges,
  type TContractNote,
  type TFill,
  type TPortfolio,
} from '@sampada/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNumberStyle, setShowAssets } from '../../../lib/app-settings';
import { drawerStore } from '../../../lib/drawers';
import { setQuotesSocketFactory } from '../../../lib/market/live-quotes';
import { FakeSocket, createFakeSocket, makeQuote } from '../../../test/fake-socket';
import { mockApi, ok, type TMockResponse } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { holding, idempotencyKeyOf, order } from '../../../test/trading';
import { AwaitingPage } from './awaiting-page';
import { HistoryPage } from './history-page';
import { HoldingPage } from './holding-page';
import InvestmentStatsPage from './investment-stats-page';
import StockStatsPage from './stock-stats-page';
import { SummaryPage } from './summary-page';

const portfolio: TPortfolio = {
  summary: {
    invested_paise: 38_000_000,
    current_value_paise: 40_000_000,
    unrealised_pnl_paise: 2_000_000,
    unrealised_pnl_pct: 5.26,
    day_pnl_paise: -150_000,
    realised_pnl_paise: 120_000,
    total_pnl_paise: 2_120_000,
    charges_paid_paise: 45_678,
    holdings: 2,
    awaiting_orders: 1,
    trades: 7,
  },
  allocation: [
    { sector: 'Information Technology', value_paise: 30_000_000, weight_pct: 75 },
    { sector: 'Energy', value_paise: 10_000_000, weight_pct: 25 },
  ],
  holdings: [],
  months: [
    {
      month: '2026-10',
      bought_paise: 20_000_000,
      sold_paise: 0,
      charges_paise: 20_000,
      realised_pnl_paise: 0,
      trades: 3,
    },
    {
      month: '2026-11',
      bought_paise: 18_000_000,
      sold_paise: 5_000_000,
      charges_paise: 25_678,
      realised_pnl_paise: 120_000,
      trades: 4,
    },
  ],
  stocks: [
    {
      symbol: 'TCS',
      name: 'Tata Consultancy Services',
      quantity: 100,
      bought_quantity: 110,
      sold_quantity: 10,
      bought_paise: 41_800_000,
      sold_paise: 4_120_000,
      charges_paise: 45_678,
      realised_pnl_paise: 120_000,
      unrealised_pnl_paise: 2_000_000,
      trades: 7,
    },
  ],
  as_of: '2026-11-21T10:00:00.000Z',
};

const NOTE_NO = 'CN20261121-00000001';
const fillCharges = computeCharges(DEFAULT_CHARGES, 'buy', 2_450_050);
const fill: TFill = {
  id: 'f1',
  quantity: 10,
  price_paise: 245_005,
  value_paise: 2_450_050,
  charges: fillCharges,
  net_paise: 2_450_050 + fillCharges.total_paise,
  contract_note_no: NOTE_NO,
  posting_id: 'p1',
  executed_at: '2026-11-21T05:00:00.000Z',
};
const note: TContractNote = {
  contract_note_no: NOTE_NO,
  order_id: 'o2',
  client: { name: 'Priya Sharma', uid: 'SP100001' },
  trade_date: '2026-11-21',
  executed_at: fill.executed_at,
  symbol: 'RELIANCE',
  name: 'Reliance Industries',
  isin: 'INE002A01018',
  type: 'limit',
  side: 'buy',
  quantity: 10,
  price_paise: 245_005,
  value_paise: 2_450_050,
  charges: fillCharges,
  net_paise: fill.net_paise,
  posting_id: 'p1',
  firm: 'Sampada Securities',
};

/** What the returns API says the demo holds today (the investment stats' allocation). */
const returns: TReturns = {
  from: '2026-10-01',
  to: '2026-11-21',
  benchmark: 'NIFTY50',
  xirr: { computable: true, rate: 0.12, reason: null },
  twr: 0.05,
  value_paise: 40_000_000,
  income: { realised_paise: 120_000, unrealised_paise: 2_000_000, dividend_paise: 0 },
  benchmark_result: {
    xirr: { computable: true, rate: 0.1, reason: null },
    value_paise: 39_000_000,
  },
  holdings: [],
  series: [],
  allocation: {
    sector: [
      { name: 'Information Technology', value_paise: 30_000_000, weight: 0.75 },
      { name: 'Energy', value_paise: 10_000_000, weight: 0.25 },
    ],
    market_cap: [{ name: 'Large cap', value_paise: 40_000_000, weight: 1 }],
  },
  as_of: '2026-11-21T10:00:00Z',
};

beforeEach(() => {
  resetAppState();
  setShowAssets(true);
  signInForTest();
  drawerStore.set({ open: null });
});

describe('portfolio summary', () => {
  it('shows value, P&L, charges and the allocation by sector; masks amounts when hidden', async () => {
    mockApi({ 'GET /stat/app/v1/portfolio': ok(portfolio) });
    renderWithProviders(<SummaryPage />);
    expect(await screen.findByTestId('summary-current')).toHaveTextContent('₹4,00,000.00');
    expect(screen.getByTestId('summary-invested')).toHaveTextContent('₹3,80,000.00');
    expect(screen.getByTestId('summary-unrealised')).toHaveTextContent('+₹20,000.00(+5.26%)');
    expect(screen.getByTestId('summary-total-pnl')).toHaveTextContent('+₹21,200.00');
    expect(screen.getByTestId('summary-day-pnl')).toHaveTextContent('-₹1,500.00');
    expect(screen.getByTestId('summary-realised')).toHaveTextContent('+₹1,200.00');
    expect(screen.getByTestId('summary-charges')).toHaveTextContent('₹456.78');
    expect(screen.getByTestId('summary-trades')).toHaveTextContent('7');
    const chart = screen.getByTestId('allocation-chart');
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      'Allocation by sector: Information Technology 75.00%, Energy 25.00%',
    );
    expect(screen.getByTestId('allocation-row-Energy')).toHaveTextContent('₹1,00,000.0025.00%');
    act(() => setShowAssets(false));
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();
    expect(screen.getByTestId('summary-current')).toHaveTextContent('****');
    expect(screen.getByTestId('summary-total-pnl')).toHaveTextContent('****');
  });
});

describe('holdings', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setQuotesSocketFactory(createFakeSocket);
  });
  afterEach(() => setQuotesSocketFactory(undefined));

  const holdings = [
    holding('TCS', { reserved: 40 }),
    holding('ACMEIND', {
      quantity: 300,
      average_cost_paise: 9_500,
      invested_paise: 2_850_000,
      price_paise: 9_500,
      prev_close_paise: 9_500,
      current_value_paise: 2_850_000,
      unrealised_pnl_paise: 0,
      unrealised_pnl_pct: 0,
      day_pnl_paise: 0,
      listed: false,
      listing_date: '2026-11-27',
    }),
  ];

  it('follows the live price, says when an IPO lists, and opens the sell ticket', async () => {
    mockApi({ 'GET /trade/app/v1/holdings': ok(holdings) });
    const { user } = renderWithProviders(<HoldingPage />);
    const tcs = await screen.findByTestId('holding-row-TCS');
    expect(within(tcs).getByTestId('holding-value-TCS')).toHaveTextContent('₹4,00,000.00');
    expect(tcs).toHaveTextContent('40 put up for sale');
    expect(tcs).toHaveTextContent('₹3,800.00');
    const socket = FakeSocket.latest()!.accept();
    act(() =>
      socket.receive({
        type: 'snapshot',
        quotes: [makeQuote('TCS', 4100, { updated_at: '2026-11-21T06:00:00.000Z' })],
      }),
    );
    expect(screen.getByTestId('holding-price-TCS')).toHaveTextContent('₹4,100.00');
    expect(screen.getByTestId('holding-value-TCS')).toHaveTextContent('₹4,10,000.00');
    expect(screen.getByTestId('holding-pnl-TCS')).toHaveTextContent('+₹30,000.00(+7.89%)');
    expect(screen.getByTestId('holding-day-TCS')).toHaveTextContent('+₹15,000.00');
    expect(screen.getByTestId('holding-listing-ACMEIND')).toHaveTextContent('Lists on 27 Nov 2026');
    expect(screen.getByTestId('holding-sell-ACMEIND')).toBeDisabled();
    await user.click(screen.getByTestId('holding-sell-TCS'));
    expect(drawerStore.get()).toMatchObject({
      open: 'order',
      order: { symbol: 'TCS', side: 'sell' },
    });
  });
  it('counts shares with Indian grouping: what is pledged, put up for sale and left to sell', async () => {
    mockApi({
      'GET /trade/app/v1/holdings': ok([
        holding('INFY', { quantity: 1_00_000, pledged: 9_000, reserved: 364 }),
      ]),
    });
    renderWithProviders(<HoldingPage />);
    expect(await screen.findByTestId('holding-quantity-INFY')).toHaveTextContent('1,00,000');
    expect(screen.getByTestId('holding-pledged-INFY')).toHaveTextContent(
      '9,000 pledged for a loan',
    );
    expect(screen.getByTestId('holding-reserved-INFY')).toHaveTextContent('364 put up for sale');
    expect(screen.getByTestId('holding-sellable-INFY')).toHaveTextContent('90,636 you can sell');
  });

  it("shows each holding's own XIRR from the returns, and says when it cannot be worked out", async () => {
    const rate = (r: number | null, reason: string | null = null) => ({
      computable: r !== null,
      rate: r,
      reason,
    });
    const returns: TReturns = {
      from: '2025-01-02',
      to: '2026-11-20',
      benchmark: 'NIFTY50',
      xirr: rate(0.1834),
      twr: 0.0712,
      value_paise: 4_250_000,
      income: { realised_paise: 0, unrealised_paise: 150_000, dividend_paise: 0 },
      benchmark_result: { xirr: rate(0.1213), value_paise: 4_100_000 },
      holdings: [
        { symbol: 'TCS', name: 'Tata Consultancy Services', xirr: rate(0.2501), value_paise: 1 },
        {
          symbol: 'ACMEIND',
          name: 'Acme Industries',
          xirr: rate(null, XIRR_REASONS.oneSign),
          value_paise: 1,
        },
      ],
      series: [],
      allocation: { sector: [], market_cap: [] },
      as_of: '2026-11-20T09:00:00.000Z',
    };
    const { callsTo } = mockApi({
      'GET /trade/app/v1/holdings': ok(holdings),
      'GET /stat/app/v1/returns': ok(returns),
    });
    renderWithProviders(<HoldingPage />);
    expect(await screen.findByTestId('holding-xirr-TCS')).toHaveTextContent('+25.01%');
    expect(screen.getByTestId('holding-xirr-ACMEIND')).toHaveTextContent('Not worked out');
    // Since the first trade: the returns screen's "All".
    expect(callsTo('GET /stat/app/v1/returns')[0]!.params).toEqual({ benchmark: 'NIFTY50' });
  });
});

describe('awaiting orders', () => {
  it('cancels after a confirmation, with the same Idempotency-Key when tried again', async () => {
    const awaiting = order({
      id: 'a1a1a1a1-0000-4000-8000-000000000001',
      type: 'limit',
      symbol: 'RELIANCE',
      name: 'Reliance Industries',
      quantity: 10,
      price_paise: 245_005,
      hold_paise: 2_455_000,
      valid_until: '2026-11-21T10:00:00.000Z',
    });
    const keys: (string | undefined)[] = [];
    const answers: TMockResponse[] = [
      { status: 0, error: 'network' },
      ok({ ...awaiting, status: 'cancelled' }),
    ];
    const { callsTo } = mockApi({
      'GET /trade/app/v1/orders': ok({ items: [awaiting], next_cursor: null }),
      [`POST /trade/app/v1/orders/${awaiting.id}/cancel`]: (config) => {
        keys.push(idempotencyKeyOf(config));
        return answers.shift()!;
      },
    });
    const { user } = renderWithProviders(<AwaitingPage />);
    const row = await screen.findByTestId(`awaiting-row-${awaiting.id}`);
    expect(row).toHaveTextContent('Buy');
    expect(row).toHaveTextContent('RELIANCE');
    expect(row).toHaveTextContent('10 shares at ₹2,450.05');
    expect(within(row).getByTestId(`awaiting-hold-${awaiting.id}`)).toHaveTextContent('₹24,550.00');
    expect(callsTo('GET /trade/app/v1/orders')[0]!.params).toEqual({
      view: 'awaiting',
      cursor: undefined,
      limit: 20,
    });
    const cancel = async () => {
      await user.click(screen.getByTestId(`awaiting-cancel-${awaiting.id}`));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    };
    await cancel();
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    await cancel();
    expect(await screen.findByText(TRADING_DONE.orderCancelled)).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(callsTo('GET /trade/app/v1/orders')).toHaveLength(2));
  });

  it('keeps the order when the dialog is dismissed', async () => {
    const awaiting = order();
    const { callsTo } = mockApi({
      'GET /trade/app/v1/orders': ok({ items: [awaiting], next_cursor: null }),
    });
    const { user } = renderWithProviders(<AwaitingPage />);
    await user.click(await screen.findByTestId(`awaiting-cancel-${awaiting.id}`));
    await user.click(await screen.findByRole('button', { name: 'Keep order' }));
    expect(callsTo(`POST /trade/app/v1/orders/${awaiting.id}/cancel`)).toHaveLength(0);
  });

  it('names the API app that placed an order and its tag, asking once for the whole list', async () => {
    const first = order({ id: 'a1a1a1a1-0000-4000-8000-000000000001', origin: 'api' });
    const second = order({ id: 'a1a1a1a1-0000-4000-8000-000000000002', origin: 'api' });
    const byGtt = order({ id: 'a1a1a1a1-0000-4000-8000-000000000003', origin: 'gtt' });
    const { calls } = mockApi({
      'GET /trade/app/v1/orders': ok({ items: [first, second, byGtt], next_cursor: null }),
      [`GET /client/app/v1/api-apps/orders?ids=${first.id},${second.id}`]: ok([
        { order_id: first.id, app_id: 'app-1', app_name: 'My strategy', tag: 'strat-1' },
      ]),
    });
    renderWithProviders(<AwaitingPage />);
    const row = await screen.findByTestId(`awaiting-row-${first.id}`);
    expect(await within(row).findByText('via My strategy')).toBeInTheDocument();
    expect(within(row).getByText('tag strat-1')).toBeInTheDocument();
    // An API order the lookup does not name (an app since deleted) still says where it came from.
    const other = screen.getByTestId(`awaiting-row-${second.id}`);
    expect(within(other).getByTestId('order-origin')).toHaveTextContent('via API app');
    expect(
      within(screen.getByTestId(`awaiting-row-${byGtt.id}`)).getByTestId('order-origin'),
    ).toHaveTextContent('GTT');
    expect(calls.filter((c) => c.url.startsWith('/client/app/v1/api-apps/orders'))).toHaveLength(1);
  });
});

describe('order history', () => {
  const filled = order({
    id: 'b2b2b2b2-0000-4000-8000-000000000002',
    type: 'limit',
    symbol: 'RELIANCE',
    name: 'Reliance Industries',
    status: 'filled',
    quantity: 10,
    filled_quantity: 10,
    price_paise: 245_005,
    average_price_paise: 245_005,
    hold_paise: 0,
  });
  const rejected = order({
    id: 'c3c3c3c3-0000-4000-8000-000000000003',
    status: 'rejected',
    reason: 'Allocation exhausted',
  });

  it('filters by type, status and dates and pages with load more', async () => {
    const { callsTo } = mockApi({
      'GET /trade/app/v1/orders': (config) =>
        (config.params as { cursor?: string }).cursor === 'c2'
          ? ok({ items: [rejected], next_cursor: null })
          : ok({ items: [filled], next_cursor: 'c2' }),
    });
    const { user } = renderWithProviders(<HistoryPage />);
    expect(await screen.findByTestId(`history-row-${filled.id}`)).toHaveTextContent(
      '10 of 10 filled',
    );
    await user.click(screen.getByTestId('history-load-more'));
    expect(await screen.findByTestId(`history-row-${rejected.id}`)).toHaveTextContent(
      'Reason: Allocation exhausted',
    );
    await user.selectOptions(screen.getByTestId('history-filter-type'), 'limit');
    await user.selectOptions(screen.getByTestId('history-filter-status'), 'filled');
    await user.type(screen.getByTestId('history-filter-from'), '2026-11-01');
    await waitFor(() =>
      expect(callsTo('GET /trade/app/v1/orders').at(-1)!.params).toEqual({
        view: 'history',
        type: 'limit',
        status: 'filled',
        from: '2026-11-01',
        cursor: undefined,
        limit: 20,
      }),
    );
    expect(callsTo('GET /trade/app/v1/orders')[1]!.params).toMatchObject({
      view: 'history',
      cursor: 'c2',
    });
  });

  it('opens an order to its fills and a fill to its contract note, with the PDF', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { callsTo } = mockApi({
      'GET /trade/app/v1/orders': ok({ items: [filled], next_cursor: null }),
      [`GET /trade/app/v1/orders/${filled.id}`]: ok({ ...filled, fills: [fill] }),
      [`GET /trade/app/v1/contract-notes/${NOTE_NO}`]: ok(note),
      [`GET /trade/app/v1/contract-notes/${NOTE_NO}/pdf`]: () => ({
        status: 200,
        body: new Blob(['%PDF']),
      }),
    });
    const { user } = renderWithProviders(<HistoryPage />);
    await user.click(await screen.findByTestId(`history-expand-${filled.id}`));
    const fills = await screen.findByTestId(`history-fills-${filled.id}`);
    expect(within(fills).getByTestId('fill-row-f1')).toHaveTextContent('₹24,500.50');
    await user.click(within(fills).getByTestId(`contract-note-${NOTE_NO}`));
    const dialog = await screen.findByRole('dialog', { name: `Contract note ${NOTE_NO}` });
    const view = await within(dialog).findByTestId('contract-note');
    expect(view).toHaveTextContent('Priya Sharma · SP100001');
    expect(view).toHaveTextContent('INE002A01018');
    expect(within(view).getByTestId('contract-note-value')).toHaveTextContent('₹24,500.50');
    expect(within(view).getByTestId('contract-note-charge-brokerage')).toHaveTextContent('₹20.00');
    expect(within(view).getByTestId('contract-note-net')).toHaveTextContent(
      `₹${((2_450_050 + fillCharges.total_paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    await user.click(within(view).getByTestId('contract-note-pdf'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const pdf = callsTo(`GET /trade/app/v1/contract-notes/${NOTE_NO}/pdf`)[0]!;
    expect(pdf.authorization).toBe('Bearer access-1');
    click.mockRestore();
  });

  it('opens the order a notice named first, open to its fills, and lists it only once', async () => {
    mockApi({
      'GET /trade/app/v1/orders': ok({ items: [rejected, filled], next_cursor: null }),
      [`GET /trade/app/v1/orders/${filled.id}`]: ok({ ...filled, fills: [fill] }),
    });
    renderWithProviders(<HistoryPage />, { route: `/portfolio/history?order=${filled.id}` });
    const fills = await screen.findByTestId(`history-fills-${filled.id}`);
    expect(within(fills).getByTestId('fill-row-f1')).toHaveTextContent('₹24,500.50');
    await screen.findByTestId(`history-row-${rejected.id}`);
    const rows = screen.getAllByTestId(/^history-row-/).map((row) => row.dataset.testid);
    expect(rows).toEqual([`history-row-${filled.id}`, `history-row-${rejected.id}`]);
  });
});

describe('portfolio stats (menu views)', () => {
  it('lists months newest first with a bar chart, and masks amounts with the eye toggle', async () => {
    mockApi({
      'GET /stat/app/v1/portfolio': ok(portfolio),
      'GET /stat/app/v1/returns': ok(returns),
    });
    const { user } = renderWithProviders(<InvestmentStatsPage />);
    const november = await screen.findByTestId('month-row-2026-11');
    expect(november).toHaveTextContent('Nov 2026');
    expect(november).toHaveTextContent('₹1,80,000.00');
    expect(november).toHaveTextContent('₹50,000.00');
    expect(november).toHaveTextContent('+₹1,200.00');
    const rows = screen.getAllByTestId(/^month-row-2026/);
    expect(rows.map((row) => row.dataset.testid)).toEqual([
      'month-row-2026-11',
      'month-row-2026-10',
    ]);
    expect(screen.getByTestId('month-row-total')).toHaveTextContent('₹3,80,000.00');
    expect(screen.getByTestId('investment-chart').querySelectorAll('rect')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Hide amounts' }));
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();
  });

  it("draws the months against a labelled rupee axis in the reader's number style, named for screen readers", async () => {
    mockApi({
      'GET /stat/app/v1/portfolio': ok(portfolio),
      'GET /stat/app/v1/returns': ok(returns),
    });
    setNumberStyle('indian');
    renderWithProviders(<InvestmentStatsPage />);
    const chart = await screen.findByTestId('investment-chart');
    expect(chart).toHaveAccessibleName(
      'Bought and sold by month: Oct 2026: bought ₹2,00,000.00, sold ₹0.00; ' +
        'Nov 2026: bought ₹1,80,000.00, sold ₹50,000.00',
    );
    const ticks = within(chart).getAllByTestId('investment-chart-tick');
    expect(ticks.map((tick) => tick.textContent)).toEqual([
      '₹0',
      '₹50,000.00',
      '₹1.00 L',
      '₹1.50 L',
      '₹2.00 L',
    ]);
    expect(chart).toHaveTextContent('Amount in rupees');
    expect(chart).toHaveTextContent('Month (IST)');
    expect(
      within(chart)
        .getAllByTestId('investment-chart-month')
        .map((m) => m.textContent),
    ).toEqual(['Oct 2026', 'Nov 2026']);
    act(() => setNumberStyle('international'));
    expect(within(chart).getAllByTestId('investment-chart-tick').at(-1)).toHaveTextContent('₹200k');
  });

  it('shows what is held by sector and by market cap from the returns API', async () => {
    mockApi({
      'GET /stat/app/v1/portfolio': ok(portfolio),
      'GET /stat/app/v1/returns': ok(returns),
    });
    renderWithProviders(<InvestmentStatsPage />);
    const sector = await screen.findByTestId('sector-chart');
    expect(within(sector).getByRole('img')).toHaveAccessibleName(
      'Allocation by sector: Information Technology 75.00%, Energy 25.00%',
    );
    expect(screen.getByTestId('sector-row-Energy')).toHaveTextContent('₹1,00,000.0025.00%');
    expect(within(screen.getByTestId('cap-chart')).getByRole('img')).toHaveAccessibleName(
      'Allocation by market cap: Large cap 100.00%',
    );
  });

  it('lists every stock traded with bought, sold, charges and P&L', async () => {
    mockApi({ 'GET /stat/app/v1/portfolio': ok(portfolio) });
    renderWithProviders(<StockStatsPage />);
    const row = await screen.findByTestId('stock-row-TCS');
    expect(row).toHaveTextContent('Tata Consultancy Services');
    expect(row).toHaveTextContent('₹4,18,000.00');
    expect(row).toHaveTextContent('110 sh.');
    expect(row).toHaveTextContent('₹456.78');
    expect(row).toHaveTextContent('+₹20,000.00');
  });
});
