import { XIRR_REASONS, type TDividendList, type TReturns } from '@sampada/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setShowAssets } from '../../../lib/app-settings';
import { DEFAULT_LANGUAGE, setLanguage } from '../../../lib/i18n';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { fromOf } from './returns-format';
import { ReturnsPage } from './returns-page';

const rate = (r: number | null, reason: string | null = null) => ({
  computable: r !== null,
  rate: r,
  reason,
});
const returns = (over: Partial<TReturns> = {}): TReturns => ({
  from: '2026-06-01',
  to: '2026-11-20',
  benchmark: 'NIFTY50',
  xirr: rate(0.1834),
  twr: 0.0712,
  value_paise: 55_000_000,
  income: { realised_paise: 120_000, unrealised_paise: 4_800_000, dividend_paise: 1_200_000 },
  benchmark_result: { xirr: rate(0.1213), value_paise: 52_100_000 },
  holdings: [
    {
      symbol: 'TCS',
      name: 'Tata Consultancy Services',
      xirr: rate(0.2501),
      value_paise: 30_000_000,
    },
    { symbol: 'ITC', name: 'ITC Ltd', xirr: rate(-0.0525), value_paise: 25_000_000 },
  ],
  series: [
    {
      day: '2026-06-01',
      value_paise: 50_000_000,
      benchmark_paise: 50_000_000,
      invested_paise: 50_000_000,
    },
    {
      day: '2026-09-01',
      value_paise: 52_000_000,
      benchmark_paise: 51_000_000,
      invested_paise: 50_000_000,
    },
    {
      day: '2026-11-20',
      value_paise: 55_000_000,
      benchmark_paise: 52_100_000,
      invested_paise: 50_000_000,
    },
  ],
  allocation: { sector: [], market_cap: [] },
  as_of: '2026-11-20T09:00:00.000Z',
  ...over,
});
const dividend = (id: string, paid_on: string) => ({
  id,
  symbol: 'TCS',
  name: 'Tata Consultancy Services',
  quantity: 30,
  per_share_paise: 40_000,
  gross_paise: 1_200_000,
  tds_paise: 120_000,
  net_paise: 1_080_000,
  paid_on,
  financial_year: 2026,
});
const dividends: TDividendList = {
  items: [dividend('d-old', '2025-07-15'), dividend('d-new', '2026-07-15')],
  gross_paise: 2_400_000,
  tds_paise: 240_000,
  net_paise: 2_160_000,
};

beforeEach(() => {
  resetAppState();
  setShowAssets(true);
  signInForTest();
});
afterEach(() => setLanguage(DEFAULT_LANGUAGE));

describe('returns screen', () => {
  it('shows XIRR beside NIFTY 50 on the same money, the gap, the window in IST and the chart', async () => {
    const api = mockApi({
      'GET /stat/app/v1/returns': ok(returns()),
      'GET /stat/app/v1/dividends': ok(dividends),
    });
    renderWithProviders(<ReturnsPage />);
    expect(await screen.findByTestId('returns-xirr')).toHaveTextContent('+18.34%');
    expect(screen.getByTestId('returns-benchmark-xirr')).toHaveTextContent('+12.13%');
    expect(screen.getByTestId('returns-versus')).toHaveTextContent(
      '6.21 percentage points a year ahead of NIFTY 50',
    );
    expect(screen.getByTestId('returns-benchmark-value')).toHaveTextContent('₹5,21,000.00');
    expect(screen.getByTestId('returns-window')).toHaveTextContent(
      '1 Jun 2026 to 20 Nov 2026 (days in IST)',
    );
    expect(screen.getByText(/Worked out 20 Nov 2026, 9:00 am UTC/)).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /your portfolio went from ₹5,00,000.00 to ₹5,50,000.00/ }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('returns-explain')).toHaveTextContent('What is XIRR?');
    expect(screen.getByTestId('returns-holding-ITC')).toHaveTextContent('-5.25%');
    expect(api.callsTo('GET /stat/app/v1/returns')[0]!.params).toEqual({ benchmark: 'NIFTY50' });
  });

  it("lists only the period's dividends, with TDS and what reached the bank", async () => {
    mockApi({
      'GET /stat/app/v1/returns': ok(returns()),
      'GET /stat/app/v1/dividends': ok(dividends),
    });
    renderWithProviders(<ReturnsPage />);
    const rows = await screen.findAllByTestId('dividend-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('15 Jul 2026');
    expect(rows[0]).toHaveTextContent('₹12,000.00');
    expect(rows[0]).toHaveTextContent('₹1,200.00');
    expect(rows[0]).toHaveTextContent('₹10,800.00');
    expect(screen.getByTestId('returns-dividends-total')).toHaveTextContent('₹12,000.00');
  });

  it('a period asks from its start day; flows of one sign say why there is no rate', async () => {
    const api = mockApi({
      'GET /stat/app/v1/returns': [
        ok(returns()),
        ok(
          returns({
            xirr: rate(null, XIRR_REASONS.oneSign),
            benchmark_result: { xirr: rate(null, XIRR_REASONS.oneSign), value_paise: null },
          }),
        ),
      ],
      'GET /stat/app/v1/dividends': ok(dividends),
    });
    const { user } = renderWithProviders(<ReturnsPage />);
    await screen.findByTestId('returns-xirr');
    await user.click(screen.getByRole('radio', { name: '3 months' }));
    await waitFor(() =>
      expect(api.callsTo('GET /stat/app/v1/returns').at(-1)!.params).toEqual({
        from: fromOf('3m'),
        benchmark: 'NIFTY50',
      }),
    );
    expect(await screen.findByTestId('returns-xirr-reason')).toHaveTextContent(
      'Money only went in (or only came out) in this period',
    );
    expect(screen.getByTestId('returns-xirr')).toHaveTextContent('Not worked out');
    expect(screen.queryByTestId('returns-versus')).toBeNull();
  });

  it('hides amounts with the eye toggle, and reads in Hindi', async () => {
    mockApi({
      'GET /stat/app/v1/returns': ok(returns()),
      'GET /stat/app/v1/dividends': ok(dividends),
    });
    await act(() => setLanguage('hi-IN'));
    renderWithProviders(<ReturnsPage />);
    expect(await screen.findByText('XIRR क्या है?')).toBeInTheDocument();
    expect(screen.getByText('आपका रिटर्न (XIRR)')).toBeInTheDocument();
    act(() => setShowAssets(false));
    expect(within(screen.getByTestId('portfolio-returns')).queryByText(/₹5,50,000/)).toBeNull();
    expect(screen.getByTestId('returns-xirr')).toHaveTextContent('+18.34%');
  });
});
