import { FM, FUNDS_DONE, md5 } from '@sampada/shared';
import { screen, waitFor } from '@testing-library/react';
import type { THttpConfig } from '../../../lib/http';
import { beforeEach, describe, expect, it } from 'vitest';
import { setShowAssets } from '../../../lib/app-settings';
import { openDepositDrawer } from '../../../lib/drawers';
import { mockApi, ok, type TMockResponse } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { acceptsNumberText, numberOnBlur } from '../../../components/amount-input';
import AssetsPage from './assets-page';
import { DepositPanel } from './deposit-panel';
import { WithdrawPanel } from './withdraw-panel';

const profile = (hasPin = true) =>
  ok({
    id: 'C1',
    name: 'Priya Sharma',
    username: '+919876543210',
    has_pin: hasPin,
    kycStatus: 'approved',
  });

const depositAccount = ok({
  configured: true,
  account_name: 'Sampada Client Money',
  account_number: '50200012345678',
  ifsc: 'HDFC0000001',
  bank_name: 'HDFC Bank',
  branch: 'Mumbai',
  upi_id: 'sampada@hdfcbank',
  methods: ['NEFT', 'RTGS', 'IMPS', 'UPI'],
  min_deposit_paise: 2_000_000,
});

const deposit = {
  id: 'd1',
  amount_paise: 2_500_000,
  method: 'NEFT',
  utr: 'HDFCN52026112100',
  receipt_url: null,
  status: 'pending',
  reason: null,
  posting_id: null,
  created_at: '2026-11-21T10:00:00.000Z',
  decided_at: null,
};

const assets = {
  currency: 'INR',
  cash_available_paise: 5_000_050,
  cash_on_hold_paise: 100_000,
  invested_value_paise: 0,
  holdings_tracked: false,
  holdings_value_paise: null,
  unrealised_pnl_paise: null,
  total_paise: 5_100_050,
};

const card = {
  id: '0b7f6a4e-3c1d-4f7e-9a59-1a2b3c4d5e6f',
  holder_name: 'Priya Sharma',
  account_number: 'XXXXXX1234',
  account_last4: '1234',
  ifsc: 'SBIN0001234',
  bank_name: 'State Bank of India',
  created_at: '2026-11-01T00:00:00.000Z',
};

const keyOf = (config: THttpConfig) => config.headers.get('Idempotency-Key') ?? undefined;

beforeEach(() => {
  resetAppState();
  setShowAssets(true);
  signInForTest();
});

describe('number input rules (spec §5)', () => {
  it('accepts only an optional minus, digits and one decimal part', () => {
    for (const text of ['', '-', '12', '-12', '12.', '12.50', '.5'])
      expect(acceptsNumberText(text)).toBe(true);
    for (const text of ['1a', '1.2.3', '--1', '1-', '1,000', '1e5', ' 1'])
      expect(acceptsNumberText(text)).toBe(false);
  });

  it('becomes a number on blur, or empty if it is not one', () => {
    expect(numberOnBlur('20000.50')).toBe(20000.5);
    expect(numberOnBlur('12.')).toBe(12);
    expect(numberOnBlur('-')).toBe('');
    expect(numberOnBlur('.')).toBe('');
    expect(numberOnBlur('')).toBe('');
  });

  it('refuses other characters while typing and normalises on blur', async () => {
    mockApi({
      'GET /funds/app/v1/deposit-account': depositAccount,
      'GET /auth/app/v1/client_info': profile(),
      'GET /funds/app/v1/deposits': ok({ items: [], next_cursor: null }),
    });
    const { user } = renderWithProviders(<DepositPanel />);
    const amount = await screen.findByLabelText('Amount');
    await user.type(amount, '2a5000.5.0x');
    expect(amount).toHaveValue('25000.50');
    await user.tab();
    expect(amount).toHaveValue('25000.5');
    await user.clear(amount);
    await user.type(amount, '-');
    await user.tab();
    expect(amount).toHaveValue('');
  });
});

describe('deposit drawer', () => {
  it('shows the firm account with copy buttons and the minimum message', async () => {
    const { calls } = mockApi({
      'GET /funds/app/v1/deposit-account': depositAccount,
      'GET /auth/app/v1/client_info': profile(),
      'GET /funds/app/v1/deposits': ok({ items: [], next_cursor: null }),
    });
    const { user } = renderWithProviders(<DepositPanel />);
    expect(await screen.findByText('50200012345678')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Account number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy IFSC' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '19999.99');
    await user.type(screen.getByLabelText('UTR / reference number'), 'HDFCN52026112100');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText(FM.depositBelowMin)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('opened from a refused deposit’s notice, brings that deposit into view with its reason', async () => {
    const refused = {
      ...deposit,
      id: 'd2',
      utr: 'HDFCN52026112199',
      status: 'rejected',
      reason: 'No credit with this UTR',
    };
    mockApi({
      'GET /funds/app/v1/deposit-account': depositAccount,
      'GET /auth/app/v1/client_info': profile(),
      'GET /funds/app/v1/deposits': ok({ items: [deposit, refused], next_cursor: null }),
    });
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      openDepositDrawer('d2');
      renderWithProviders(<DepositPanel />);
      const rows = await screen.findAllByTestId('deposit-row');
      expect(rows.map((row) => row.hasAttribute('data-focused'))).toEqual([false, true]);
      expect(rows[1]).toHaveTextContent('No credit with this UTR');
      await waitFor(() => expect(scrolled).toEqual([rows[1]]));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('sends an Idempotency-Key and reuses it when the same attempt is retried', async () => {
    const keys: (string | undefined)[] = [];
    const answers: TMockResponse[] = [{ status: 0, error: 'timeout' }, ok(deposit)];
    const { callsTo } = mockApi({
      'GET /funds/app/v1/deposit-account': depositAccount,
      'GET /auth/app/v1/client_info': profile(),
      'GET /funds/app/v1/deposits': ok({ items: [deposit], next_cursor: null }),
      'POST /funds/app/v1/deposits': (config) => {
        keys.push(keyOf(config));
        return answers.shift()!;
      },
    });
    const { user } = renderWithProviders(<DepositPanel />);
    await user.type(await screen.findByLabelText('Amount'), '25000');
    await user.type(screen.getByLabelText('UTR / reference number'), 'HDFCN52026112100');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByTestId('deposit-error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText(FUNDS_DONE.depositRequested)).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(callsTo('POST /funds/app/v1/deposits')[0]!.body).toEqual({
      amount: 25000,
      method: 'NEFT',
      utr: 'HDFCN52026112100',
    });
  });
});

describe('withdraw drawer', () => {
  const routes = (hasPin: boolean) => ({
    'GET /auth/app/v1/client_info': profile(hasPin),
    'GET /stat/app/v1/asset': ok(assets),
    'GET /funds/app/v1/bank-cards': ok([card]),
    'GET /funds/app/v1/withdrawals': ok({ items: [], next_cursor: null }),
  });

  it('shows the available balance and the minimum withdrawal message', async () => {
    const { calls } = mockApi(routes(true));
    const { user } = renderWithProviders(<WithdrawPanel />);
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent('₹50,000.50');
    await user.type(screen.getByLabelText('Amount'), '99');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(FM.withdrawalBelowMin)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '60000');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(FM.beyondBalance)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the PIN as MD5 with an Idempotency-Key, the same one on a retry', async () => {
    const keys: (string | undefined)[] = [];
    const answers: TMockResponse[] = [
      { status: 0, error: 'network' },
      ok({
        id: 'w1',
        amount_paise: 50_000,
        bank_card: card,
        status: 'pending',
        reason: null,
        bank_reference: null,
        created_at: '2026-11-21T10:00:00.000Z',
        decided_at: null,
      }),
    ];
    const { callsTo } = mockApi({
      ...routes(true),
      'POST /funds/app/v1/withdrawals': (config) => {
        keys.push(keyOf(config));
        return answers.shift()!;
      },
    });
    const { user } = renderWithProviders(<WithdrawPanel />);
    await user.type(await screen.findByLabelText('Amount'), '500');
    const boxes = [...screen.getByTestId('funds-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByTestId('withdraw-error');
    // The PIN is cleared after a failure: typed again, same request, same key.
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(FUNDS_DONE.withdrawalRequested)).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(callsTo('POST /funds/app/v1/withdrawals')[1]!.body).toEqual({
      amount: 500,
      bank_card_id: card.id,
      pin: md5('123456'),
    });
  });

  it('sends a client without a PIN to Set PIN instead of withdrawing', async () => {
    const { calls } = mockApi(routes(false));
    const { user } = renderWithProviders(<WithdrawPanel />);
    expect(await screen.findByText(FM.setPinToWithdraw)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '500');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('dialog', { name: 'Set PIN' })).toBeInTheDocument();
    // The form loads with the modal (account-modals.tsx).
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('client assets', () => {
  it('shows parts that add up to the total: the holdings at today’s prices, not what they cost', async () => {
    mockApi({
      'GET /stat/app/v1/asset': ok({
        ...assets,
        invested_value_paise: 65_500_000,
        holdings_tracked: true,
        holdings_value_paise: 71_234_500,
        unrealised_pnl_paise: 5_734_500,
        total_paise: 5_000_050 + 100_000 + 71_234_500,
      }),
    });
    renderWithProviders(<AssetsPage />);
    await waitFor(() =>
      expect(screen.getByTestId('assets-total')).toHaveTextContent('₹7,63,345.50'),
    );
    expect(screen.getByTestId('assets-available')).toHaveTextContent('₹50,000.50');
    expect(screen.getByTestId('assets-onHold')).toHaveTextContent('₹1,000.00');
    expect(screen.getByTestId('assets-holdings')).toHaveTextContent('₹7,12,345.00');
    expect(screen.getByText('Holdings value')).toBeInTheDocument();
    expect(screen.queryByText('₹6,55,000.00')).not.toBeInTheDocument();
  });

  it("shows the amounts, and masks every one as '****' when hidden", async () => {
    mockApi({ 'GET /stat/app/v1/asset': ok(assets) });
    const { user } = renderWithProviders(<AssetsPage />);
    expect(await screen.findByText('₹51,000.50')).toBeInTheDocument();
    expect(screen.getByTestId('assets-available')).toHaveTextContent('₹50,000.50');
    expect(screen.getByTestId('assets-holdings')).toHaveTextContent('—');
    await user.click(screen.getByRole('button', { name: 'Hide amounts' }));
    await waitFor(() => expect(screen.queryByText(/₹/)).not.toBeInTheDocument());
    for (const id of ['assets-total', 'assets-available', 'assets-onHold', 'assets-holdings'])
      expect(screen.getByTestId(id)).toHaveTextContent('****');
  });
});

describe('running-account settlement on Client Assets', () => {
  it('shows the cycle, the next date and a retention statement, and saves a new cycle', async () => {
    const calls = mockApi({
      'GET /stat/app/v1/asset': ok(assets),
      'GET /funds/app/v1/settlement/preference': ok({
        cycle: 'quarterly',
        next_date: '2027-01-01',
      }),
      'GET /funds/app/v1/settlement/statements': ok({
        items: [
          {
            id: 'l1',
            settlement_date: '2026-10-01',
            cycle: 'quarterly',
            balance_paise: 2_500_000,
            retained: [{ kind: 'open_orders', amount_paise: 500_000 }],
            retained_paise: 500_000,
            paid_paise: 2_000_000,
            status: 'paid',
            bank_account: 'SBI XXXX9012',
            settled_at: '2026-10-01T12:30:00.000Z',
            time_zone: 'Asia/Kolkata',
          },
        ],
      }),
      'PUT /funds/app/v1/settlement/preference': ok({ cycle: 'monthly', next_date: '2026-12-04' }),
    });
    const { user } = renderWithProviders(<AssetsPage />);
    const statement = await screen.findByTestId('retention-statement');
    expect(statement).toHaveTextContent('On hold for your open orders: ₹5,000.00');
    expect(statement).toHaveTextContent('Paid ₹20,000.00 to SBI XXXX9012');
    expect(screen.getByTestId('settlement-next')).toHaveTextContent('Next settlement:');
    await user.click(screen.getByText('Monthly'));
    await waitFor(() =>
      expect(calls.callsTo('PUT /funds/app/v1/settlement/preference')[0]?.body).toEqual({
        cycle: 'monthly',
      }),
    );
  });
});

describe('where is my money on Client Assets', () => {
  const breakdown = {
    total_paise: 5_100_050,
    cash_available_paise: 5_000_050,
    cash_on_hold_paise: 100_000,
    parts: [
      { kind: 'free', amount_paise: 3_000_050 },
      { kind: 'unsettled_sales', amount_paise: 2_000_000 },
      { kind: 'loan_dues', amount_paise: 0 },
      { kind: 'open_orders', amount_paise: 60_000 },
      { kind: 'pending_withdrawals', amount_paise: 40_000 },
      { kind: 'other_holds', amount_paise: 0 },
    ],
    pending_deposits_paise: 2_500_000,
    settlement_due_in_paise: 2_000_000,
    settlement_due_out_paise: 1_234_500,
    unsettled_since: '2026-11-27',
    next_settlement: { date: '2027-01-01', cycle: 'quarterly', payout_now_paise: 3_000_050 },
    as_of: '2026-11-29T06:00:00.000Z',
    time_zone: 'Asia/Kolkata',
  };
  const mocks = () => ({
    'GET /stat/app/v1/asset': ok(assets),
    'GET /funds/app/v1/money-breakdown': ok(breakdown),
    'GET /funds/app/v1/settlement/preference': ok({ cycle: 'quarterly', next_date: '2027-01-01' }),
    'GET /funds/app/v1/settlement/statements': ok({ items: [] }),
  });
  const amountOf = (id: string) => screen.getByTestId(id).textContent;

  it('lists the parts the server sent, its total, what is on the way and the payout now', async () => {
    mockApi(mocks());
    renderWithProviders(<AssetsPage />);
    const section = await screen.findByTestId('money-breakdown');
    expect(amountOf('money-part-free')).toBe('₹30,000.50');
    expect(amountOf('money-part-unsettled_sales')).toBe('₹20,000.00');
    expect(amountOf('money-part-open_orders')).toBe('₹600.00');
    expect(amountOf('money-part-pending_withdrawals')).toBe('₹400.00');
    // Loan dues and other holds only when there are some.
    expect(screen.queryByTestId('money-part-loan_dues')).not.toBeInTheDocument();
    expect(screen.queryByTestId('money-part-other_holds')).not.toBeInTheDocument();
    expect(amountOf('money-total')).toBe('₹51,000.50');
    expect(amountOf('money-pending-deposits')).toBe('₹25,000.00');
    expect(amountOf('money-due-in')).toBe('₹20,000.00');
    expect(amountOf('money-due-out')).toBe('₹12,345.00');
    expect(section).toHaveTextContent('as of 29 Nov 2026, 11:30 am IST');
    expect(screen.getByTestId('money-next-settlement')).toHaveTextContent(
      'Next settlement: 1 Jan 2027 (Quarterly)If it ran now, we would pay ₹30,000.50 to your primary bank account.',
    );
  });

  it('hides every amount with the rest of Client Assets', async () => {
    setShowAssets(false);
    mockApi(mocks());
    renderWithProviders(<AssetsPage />);
    const section = await screen.findByTestId('money-breakdown');
    expect(amountOf('money-total')).toBe('****');
    expect(section).not.toHaveTextContent('₹');
  });
});
