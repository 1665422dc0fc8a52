import {
  BENCHMARK_NAME,
  istToday,
  LM,
  type TBenchmark,
  type TCreditProduct,
  type TStaffRole,
} from '@sampada/shared';
import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_FORMAT } from '../../../components/day-field';
import { session } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { CreditProductsPage } from './credit-products';

const PRODUCT_ID = '33333333-3333-4333-8333-333333333333';

const product: TCreditProduct = {
  id: PRODUCT_ID,
  name: 'Personal loan',
  kind: 'personal',
  repayment: 'emi',
  annual_rate_bps: 1_400,
  tenure_months: [6, 12],
  min_amount_paise: 1_000_000,
  max_amount_paise: 50_000_000,
  ltv_bps: null,
  margin_call_ltv_bps: null,
  sell_off_ltv_bps: null,
  processing_fee_bps: 150,
  cooling_off_days: 5,
  rate_type: 'fixed',
  foreclosure_charge_bps: 0,
  penal_kind: 'rate',
  penal_rate_bps: 0,
  penal_flat_paise: 0,
  active: true,
  updated_at: '2026-01-01T00:00:00.000Z',
};

const noBenchmark: TBenchmark = { name: BENCHMARK_NAME, current: null, history: [] };
const rate = {
  id: 'b1',
  effective_from: '2026-12-04',
  rate_bps: 550,
  set_by: 's1',
  reason: 'MPC decision',
  created_at: '2026-12-04T05:00:00.000Z',
};

function signInAs(roles: TStaffRole[]) {
  session.set({
    token: 't',
    expires_at: '2030-01-01T00:00:00.000Z',
    idle_timeout_s: 1800,
    staff: { id: 's1', email: 'admin@firm.in', name: 'Admin', roles },
    recovery_codes_left: 10,
  });
}
afterEach(() => session.clear('signed-out'));

describe('the product editor’s cooling-off period', () => {
  it('shows the product’s days, refuses more than 30 with the schema’s message, saves what is typed', async () => {
    signInAs(['admin']);
    const api = mockApi({
      'GET /credit/products': ok([product]),
      'GET /credit/settings': ok({ approval_threshold_paise: 20_000_000 }),
      'GET /credit/benchmark': ok(noBenchmark),
      [`PUT /credit/products/${PRODUCT_ID}`]: ok({ ...product, cooling_off_days: 7 }, 'Saved.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreditProductsPage />);
    const row = await screen.findByTestId('credit-product-row');
    expect(within(row).getByText('5 days')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const field = await screen.findByLabelText('Cooling-off period (days)');
    const save = within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' });
    expect(field).toHaveValue('5');
    await user.clear(field);
    await user.type(field, '31');
    await user.click(save);
    expect(await screen.findByText(LM.coolingOffInvalid)).toBeInTheDocument();
    await user.clear(field);
    expect(await screen.findByText(LM.coolingOffInvalid)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(field, '7');
    await user.click(save);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ cooling_off_days: 7 });
  });

  it('a new product starts at the default 3 days', async () => {
    signInAs(['admin']);
    mockApi({
      'GET /credit/products': ok([]),
      'GET /credit/settings': ok({ approval_threshold_paise: 20_000_000 }),
      'GET /credit/benchmark': ok(noBenchmark),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreditProductsPage />);
    await user.click(await screen.findByRole('button', { name: 'New product' }));
    expect(await screen.findByLabelText('Cooling-off period (days)')).toHaveValue('3');
  });
});

describe('the product editor’s foreclosure charge', () => {
  it('refuses a charge on a floating rate with the schema’s message, saves a fixed rate’s 2% as 200 bp', async () => {
    signInAs(['admin']);
    const api = mockApi({
      'GET /credit/products': ok([product]),
      'GET /credit/settings': ok({ approval_threshold_paise: 20_000_000 }),
      'GET /credit/benchmark': ok(noBenchmark),
      [`PUT /credit/products/${PRODUCT_ID}`]: ok(
        { ...product, foreclosure_charge_bps: 200 },
        'Saved.',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreditProductsPage />);
    const row = await screen.findByTestId('credit-product-row');
    expect(within(row).getByTestId('credit-product-foreclosure')).toHaveTextContent('Nil');

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const charge = within(dialog).getByLabelText('Foreclosure charge (% of principal outstanding)');
    await user.clear(charge);
    await user.type(charge, '2');
    await user.click(within(dialog).getByLabelText('Rate type'));
    await user.click(await screen.findByRole('option', { name: 'Floating', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LM.foreclosureChargeFloating)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Rate type'));
    await user.click(
      await screen.findByRole('option', { name: 'Fixed for the tenure', hidden: true }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      rate_type: 'fixed',
      foreclosure_charge_bps: 200,
    });
  });
});

describe('the product editor’s penal charge', () => {
  const flat: TCreditProduct = {
    ...product,
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Flat penal loan',
    penal_kind: 'flat',
    penal_flat_paise: 50_000,
  };
  const pages = (extra: Record<string, ReturnType<typeof ok>> = {}) =>
    mockApi({
      'GET /credit/products': ok([product, flat]),
      'GET /credit/settings': ok({ approval_threshold_paise: 20_000_000 }),
      'GET /credit/benchmark': ok(noBenchmark),
      ...extra,
    });

  it('the list names each product’s setting, "No penal charge" for none', async () => {
    signInAs(['operations']);
    pages();
    renderWithProviders(<CreditProductsPage />);
    const [none, flatRow] = await screen.findAllByTestId('credit-product-penal');
    expect(none).toHaveTextContent('No penal charge');
    expect(flatRow).toHaveTextContent('₹500.00 per overdue instalment');
  });

  it('turning a product to a flat ₹500 sends 50000 paise and a rate of 0; over ₹5,000 is refused with the schema’s message', async () => {
    signInAs(['admin']);
    const api = pages({
      [`PUT /credit/products/${PRODUCT_ID}`]: ok({ ...flat, id: PRODUCT_ID }, 'Saved.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreditProductsPage />);
    const [row] = await screen.findAllByTestId('credit-product-row');
    await user.click(within(row!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^No penal charge\./)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Penal charge'));
    await user.click(
      await screen.findByRole('option', {
        name: 'A flat amount per overdue instalment',
        hidden: true,
      }),
    );
    const amount = within(dialog).getByLabelText('Flat penal charge (₹ per overdue instalment)');
    await user.clear(amount);
    await user.type(amount, '5000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LM.penalFlatInvalid)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '500');
    expect(within(dialog).getByText(/^₹500\.00 per overdue instalment\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      penal_kind: 'flat',
      penal_flat_paise: 50_000,
      penal_rate_bps: 0,
    });
  });

  it('a rate above 36% a year is refused; 24% is sent as 2400 bp', async () => {
    signInAs(['admin']);
    const api = pages({
      [`PUT /credit/products/${PRODUCT_ID}`]: ok({ ...product, penal_rate_bps: 2_400 }, 'Saved.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreditProductsPage />);
    const [row] = await screen.findAllByTestId('credit-product-row');
    await user.click(within(row!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const rate = within(dialog).getByLabelText('Penal rate (% a year on overdue principal)');
    await user.clear(rate);
    await user.type(rate, '36.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LM.penalRateInvalid)).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '24');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      penal_kind: 'rate',
      penal_rate_bps: 2_400,
      penal_flat_paise: 0,
    });
  });
});

describe('the floating-rate benchmark', () => {
  it('an admin sets a new rate from a day, in percent sent as basis points, with the reason; the history shows', async () => {
    signInAs(['admin']);
    const set: TBenchmark = {
      name: BENCHMARK_NAME,
      current: rate,
      history: [{ ...rate, id: 'b2', effective_from: '2027-02-15', rate_bps: 650 }, rate],
    };
    const api = mockApi({
      'GET /credit/products': ok([product]),
      'GET /credit/settings': ok({ approval_threshold_paise: 20_000_000 }),
      'GET /credit/benchmark': [ok({ ...noBenchmark, current: rate, history: [rate] }), ok(set)],
      'POST /credit/benchmark': ok(set, 'Benchmark rate saved.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreditProductsPage />);
    expect(await screen.findByTestId('benchmark-current')).toHaveTextContent(
      '5.50% since 2026-12-04 (IST)',
    );
    expect(screen.getByTestId('benchmark-day')).toHaveValue(dayjs(istToday()).format(DAY_FORMAT));
    await user.type(screen.getByTestId('benchmark-rate'), '6.5');
    const day = screen.getByTestId('benchmark-day');
    await user.clear(day);
    await user.type(day, '2027-02-15');
    await user.type(screen.getByTestId('benchmark-reason'), 'MPC decision');
    await user.click(screen.getByTestId('benchmark-save'));
    await waitFor(() => expect(api.callsTo('POST /credit/benchmark')).toHaveLength(1));
    expect(api.callsTo('POST /credit/benchmark')[0]!.body).toEqual({
      rate_bps: 650,
      effective_from: '2027-02-15',
      reason: 'MPC decision',
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('benchmark-history')).getAllByRole('row')).toHaveLength(3),
    );
    expect(within(screen.getByTestId('benchmark-history')).getByText('6.50%')).toBeInTheDocument();
  });

  it('operations read the rate and its history but are given no form', async () => {
    signInAs(['operations']);
    mockApi({
      'GET /credit/products': ok([product]),
      'GET /credit/settings': ok({ approval_threshold_paise: 20_000_000 }),
      'GET /credit/benchmark': ok({ ...noBenchmark, current: rate, history: [rate] }),
    });
    renderWithProviders(<CreditProductsPage />);
    expect(await screen.findByTestId('benchmark-current')).toHaveTextContent('5.50%');
    expect(screen.getByTestId('benchmark-history')).toBeInTheDocument();
    expect(screen.queryByTestId('benchmark-save')).toBeNull();
  });

  it('the product editor saves a floating product’s spread and reset period', async () => {
    signInAs(['admin']);
    const api = mockApi({
      'GET /credit/products': ok([product]),
      'GET /credit/settings': ok({ approval_threshold_paise: 20_000_000 }),
      'GET /credit/benchmark': ok(noBenchmark),
      [`PUT /credit/products/${PRODUCT_ID}`]: ok(
        { ...product, rate_type: 'floating', spread_bps: 850, reset_months: 6 },
        'Saved.',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<CreditProductsPage />);
    const row = await screen.findByTestId('credit-product-row');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Rate type'));
    await user.click(await screen.findByRole('option', { name: 'Floating', hidden: true }));
    const spread = within(dialog).getByLabelText('Spread over the benchmark (%)');
    await user.clear(spread);
    await user.type(spread, '8.5');
    const months = within(dialog).getByLabelText('Reset every (months)');
    expect(months).toHaveValue('3');
    await user.clear(months);
    await user.type(months, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      rate_type: 'floating',
      spread_bps: 850,
      reset_months: 6,
    });
  });
});
