import { GTT_DONE, md5, TRADING_DONE, type TGtt, type TTaxPnl } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { order } from '../../../test/trading';
import { gttsStillMoving } from '../api/gtts';
import { AwaitingPage } from './awaiting-page';
import { GttPage } from './gtt-page';
import { TaxPnlPage } from './tax-pnl-page';

const oco: TGtt = {
  id: '3f1c2b8e-1111-4c4c-9d9d-000000000001',
  kind: 'oco',
  symbol: 'TCS',
  name: 'Tata Consultancy Services',
  side: 'sell',
  quantity: 30,
  status: 'active',
  target: { trigger_price_paise: 420_000, limit_price_paise: 420_000, status: 'waiting' },
  stop: { trigger_price_paise: 380_000, limit_price_paise: 379_000, status: 'waiting' },
  reference_price_paise: 400_000,
  triggered_at: null,
  order_id: null,
  order_status: null,
  reason: null,
  expires_at: '2027-11-24T10:00:00.000Z',
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

const period = (
  from: string,
  to: string,
  st: string,
  lt: string,
  tax: number,
): TTaxPnl['estimate']['periods'][number] => ({
  from,
  to,
  stcg_rate_pct: st,
  ltcg_rate_pct: lt,
  short_term_gain_paise: tax ? 569_000 : 0,
  long_term_gain_paise: 0,
  short_term_taxable_paise: tax ? 569_000 : 0,
  long_term_taxable_paise: 0,
  short_term_tax_paise: tax,
  long_term_tax_paise: 0,
});

const report = (year: number): TTaxPnl => ({
  year,
  label: `${year}-${String((year + 1) % 100)}`,
  from: `${year}-04-01`,
  to: `${year + 1}-03-31`,
  years: [2026, 2025, 2024],
  realised: [
    {
      symbol: 'TCS',
      name: 'Tata Consultancy Services',
      isin: 'INE467B01029',
      quantity: 30,
      buy_date: `${year}-05-02`,
      sell_date: `${year}-09-10`,
      cost_paise: 12_000_000,
      proceeds_paise: 12_600_000,
      charges_paise: 31_000,
      dp_paise: 1_350,
      gain_paise: 569_000,
      term: 'short',
    },
  ],
  scrips: [],
  summary: {
    short_term_gain_paise: 569_000,
    long_term_gain_paise: 0,
    charges_paise: 31_000,
    dp_paise: 1_350,
    turnover_paise: 12_600_000,
  },
  estimate: {
    stcg_rate_pct: '20',
    ltcg_rate_pct: '12.5',
    ltcg_exemption_paise: 12_500_000,
    periods:
      year === 2024
        ? [
            period('2024-04-01', '2024-07-22', '15', '10', 0),
            period('2024-07-23', '2025-03-31', '20', '12.5', 113_800),
          ]
        : [period(`${year}-04-01`, `${year + 1}-03-31`, '20', '12.5', 113_800)],
    short_term_taxable_paise: 569_000,
    long_term_taxable_paise: 0,
    short_term_tax_paise: 113_800,
    long_term_tax_paise: 0,
    total_tax_paise: 113_800,
    short_term_loss_paise: 0,
    long_term_loss_paise: 0,
  },
  unrealised: [
    {
      symbol: 'INFY',
      name: 'Infosys',
      quantity: 12,
      buy_date: `${year}-10-01`,
      cost_paise: 2_000_000,
      charges_paise: 2_400,
      price_paise: 170_000,
      value_paise: 2_040_000,
      gain_paise: 37_600,
      term: 'short',
    },
  ],
  unrealised_summary: {
    cost_paise: 2_000_000,
    value_paise: 2_040_000,
    gain_paise: 37_600,
    short_term_paise: 0,
    long_term_paise: 0,
  },
  as_of: '2026-11-24T10:00:00.000Z',
});

beforeEach(() => {
  resetAppState();
  signInForTest();
});

describe('Tax P&L page', () => {
  it('shows the year’s gains per lot and the estimate, and switches year with the picker', async () => {
    const http = mockApi({
      'GET /trade/app/v1/tax-pnl': (config) =>
        ok(report((config.params as { year?: number } | undefined)?.year ?? 2026)),
    });
    renderWithProviders(<TaxPnlPage />);
    expect(await screen.findByTestId('tax-short-term')).toHaveTextContent('5,690.00');
    expect(screen.getByTestId('tax-estimate')).toHaveTextContent('₹1,138.00');
    const rows = within(screen.getByTestId('tax-realised')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('TCS');
    expect(rows[1]).toHaveTextContent('2 May 2026');
    expect(rows[1]).toHaveTextContent(/10 Sept? 2026/);
    const open = within(screen.getByTestId('tax-unrealised')).getAllByRole('row');
    expect(open[0]).toHaveTextContent('StockTermQtyBoughtBuy valueValueGain');
    expect(open[1]).toHaveTextContent('INFYShort121 Oct 2026₹20,000.00₹20,400.00');
    expect(screen.getByTestId('tax-unrealised-total')).toHaveTextContent('376.00');
    await userEvent.click(screen.getByTestId('tax-year'));
    await userEvent.click(await screen.findByText('FY 2025-26'));
    await waitFor(() =>
      expect(http.callsTo('GET /trade/app/v1/tax-pnl').at(-1)!.params).toEqual({ year: 2025 }),
    );
    expect(await screen.findByText('2 May 2025')).toBeInTheDocument();
  });
});

describe('Tax P&L estimate note', () => {
  it('a year under today’s rates names them once; FY 2024-25 shows each part of the year with its rates', async () => {
    mockApi({
      'GET /trade/app/v1/tax-pnl': (config) =>
        ok(report((config.params as { year?: number } | undefined)?.year ?? 2026)),
    });
    renderWithProviders(<TaxPnlPage />);
    expect(
      await screen.findByText(/An estimate at the rates since 23 July 2024: STCG 20%, LTCG 12.5%/),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('tax-rate-periods')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('tax-year'));
    await userEvent.click(await screen.findByText('FY 2024-25'));
    expect(await screen.findByTestId('tax-rate-period-2024-04-01')).toHaveTextContent(
      'Sold 2024-04-01 to 2024-07-22: STCG 15%, LTCG 10%, tax ₹0.00',
    );
    expect(screen.getByTestId('tax-rate-period-2024-07-23')).toHaveTextContent(
      'Sold 2024-07-23 to 2025-03-31: STCG 20%, LTCG 12.5%, tax ₹1,138.00',
    );
    expect(screen.getByTestId('tax-rate-periods')).toHaveTextContent(
      'rates in force on each sale date, LTCG above ₹1,25,000.00 for the year in all',
    );
  });
});

describe('when the GTT tab keeps asking', () => {
  it('polls while a GTT watches the price or a fired one’s order still awaits its fill', () => {
    const fired = { status: 'triggered', order_status: 'awaiting' } as const;
    expect(gttsStillMoving([{ status: 'active', order_status: null }])).toBe(true);
    // The fire is not the end: the row must go on to show the order filled.
    expect(gttsStillMoving([fired])).toBe(true);
    expect(gttsStillMoving([{ ...fired, order_status: 'filled' }])).toBe(false);
    expect(gttsStillMoving([{ status: 'cancelled', order_status: null }])).toBe(false);
    expect(gttsStillMoving(undefined)).toBe(false);
  });
});

describe('GTT page', () => {
  it('lists an OCO with both legs, and deletes it after a confirmation', async () => {
    const http = mockApi({
      'GET /trade/app/v1/gtts': [ok([oco]), ok([{ ...oco, status: 'cancelled' }])],
      [`DELETE /trade/app/v1/gtts/${oco.id}`]: ok({ ...oco, status: 'cancelled' }),
    });
    renderWithProviders(<GttPage />);
    expect(await screen.findByTestId(`gtt-target-${oco.id}`)).toHaveTextContent(
      'Target: trigger ₹4,200.00, limit ₹4,200.00 · waiting',
    );
    expect(screen.getByTestId(`gtt-stop-${oco.id}`)).toHaveTextContent(
      'Stop: trigger ₹3,800.00, limit ₹3,790.00 · waiting',
    );
    await userEvent.click(screen.getByTestId(`gtt-delete-${oco.id}`));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(GTT_DONE.deleted)).toBeInTheDocument();
    expect(http.callsTo(`DELETE /trade/app/v1/gtts/${oco.id}`)).toHaveLength(1);
  });

  it('writes a single GTT’s one leg without a name: it said "Trigger price: trigger …"', async () => {
    const single: TGtt = { ...oco, id: 'g-single', kind: 'single', stop: null };
    mockApi({ 'GET /trade/app/v1/gtts': ok([single]) });
    renderWithProviders(<GttPage />);
    expect(await screen.findByTestId('gtt-target-g-single')).toHaveTextContent(
      /^Trigger ₹4,200\.00, limit ₹4,200\.00 · waiting$/,
    );
  });

  it('sets a new OCO with the PIN sent as its MD5', async () => {
    const http = mockApi({
      'GET /trade/app/v1/gtts': ok([]),
      'POST /trade/app/v1/gtts': ok(oco),
    });
    const user = userEvent.setup();
    renderWithProviders(<GttPage />);
    await user.click(await screen.findByTestId('gtt-create'));
    await user.click(await screen.findByRole('radio', { name: 'OCO (target + stop)' }));
    await user.type(screen.getByTestId('gtt-symbol'), 'tcs');
    await user.type(screen.getByTestId('gtt-quantity'), '30');
    await user.type(screen.getByTestId('gtt-trigger'), '4200');
    await user.type(screen.getByTestId('gtt-limit'), '4200');
    await user.type(screen.getByTestId('gtt-stop-trigger'), '3800');
    await user.type(screen.getByTestId('gtt-stop-limit'), '3790');
    const boxes = [...screen.getByTestId('gtt-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await user.click(screen.getByTestId('gtt-save'));
    expect(await screen.findByText(GTT_DONE.created)).toBeInTheDocument();
    expect(http.callsTo('POST /trade/app/v1/gtts')[0]!.body).toEqual({
      kind: 'oco',
      symbol: 'tcs',
      side: 'sell',
      quantity: '30',
      trigger_price: '4200',
      limit_price: '4200',
      stop_trigger_price: '3800',
      stop_limit_price: '3790',
      pin: md5('123456'),
    });
  });
});

describe('Modify on the awaiting list', () => {
  it('sends the new quantity and limit with the PIN as its MD5', async () => {
    const limit = order({
      type: 'limit',
      side: 'buy',
      symbol: 'INFY',
      quantity: 10,
      price_paise: 150_000,
      status: 'awaiting',
    });
    const http = mockApi({
      'GET /trade/app/v1/orders': ok({ items: [limit], next_cursor: null }),
      [`POST /trade/app/v1/orders/${limit.id}/modify`]: ok({ ...limit, quantity: 12 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AwaitingPage />);
    await user.click(await screen.findByTestId(`awaiting-modify-${limit.id}`));
    const quantity = await screen.findByTestId('modify-quantity');
    await user.clear(quantity);
    await user.type(quantity, '12');
    const boxes = [...screen.getByTestId('modify-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await user.click(screen.getByTestId('modify-save'));
    expect(await screen.findByText(TRADING_DONE.orderModified)).toBeInTheDocument();
    expect(http.callsTo(`POST /trade/app/v1/orders/${limit.id}/modify`)[0]!.body).toEqual({
      quantity: '12',
      limit_price: '1500.00',
      pin: md5('123456'),
    });
  });
});
