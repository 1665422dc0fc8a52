import {
  CREDIT_GRIEVANCE_OFFICER,
  LM,
  md5,
  type TCreditProducts,
  type TKeyFactStatement,
  type TLoanDetail,
  type TLoanQuote,
} from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Navigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, fail } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { idempotencyKeyOf } from '../../../test/trading';
import CreditProductsPage from './credit-products-page';
import { KeyFactStatement } from './key-fact-statement';
import { LoanApplicationPanel } from './loan-application-panel';
import { LoanPage } from './loan-page';

// The application drawer is typed into step by step (quote, statement, PIN): a slow machine
// needs more than the default 15 s for it.
vi.setConfig({ testTimeout: 60_000 });

const LAS = '11111111-1111-4111-8111-111111111111';

const profile = (allowLoan: boolean) =>
  ok({
    id: 'C1',
    name: 'Priya Sharma',
    username: '+919876543210',
    has_pin: true,
    kycStatus: 'approved',
    allow_loan: allowLoan,
  });

const catalogue: TCreditProducts = {
  items: [
    {
      id: LAS,
      name: 'Loan against shares',
      kind: 'loan_against_shares',
      repayment: 'interest_only',
      annual_rate_bps: 1_050,
      tenure_months: [3, 6, 12],
      min_amount_paise: 2_500_000,
      max_amount_paise: 1_000_000_000,
      ltv_bps: 5_000,
      margin_call_ltv_bps: 6_000,
      sell_off_ltv_bps: 7_000,
      processing_fee_bps: 50,
      cooling_off_days: 3,
      rate_type: 'fixed',
      foreclosure_charge_bps: 200,
      penal_kind: 'flat',
      penal_rate_bps: 0,
      penal_flat_paise: 50_000,
      active: true,
      updated_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  holdings: [
    {
      symbol: 'INFY',
      name: 'Infosys Ltd',
      quantity: 400,
      free_quantity: 300,
      pledged_quantity: 0,
      price_paise: 150_000,
    },
  ],
};

const quote: TLoanQuote = {
  product_id: LAS,
  repayment: 'interest_only',
  amount_paise: 10_000_000,
  tenure_months: 3,
  annual_rate_bps: 1_050,
  instalment_paise: 89_178,
  total_interest_paise: 264_657,
  processing_fee_paise: 50_000,
  fee_gst_paise: 9_000,
  net_disbursal_paise: 9_941_000,
  total_repayable_paise: 10_264_657,
  apr_bps: 1_340,
  pledge_value_paise: 30_000_000,
  eligibility_paise: 15_000_000,
  schedule: [
    {
      number: 1,
      due_date: '2026-02-01',
      days: 31,
      interest_paise: 89_178,
      principal_paise: 0,
      amount_paise: 89_178,
      balance_after_paise: 10_000_000,
    },
  ],
};

const KFS_ID = '22222222-2222-4222-8222-222222222222';
const kfs: TKeyFactStatement = {
  id: KFS_ID,
  issued_at: '2026-01-01T04:30:00.000Z',
  valid_until: '2026-01-05',
  lender: 'Sampada Wealth',
  product_id: LAS,
  product_name: 'Loan against shares',
  kind: 'loan_against_shares',
  repayment: 'interest_only',
  amount_paise: 10_000_000,
  tenure_months: 3,
  instalments: 1,
  annual_rate_bps: 1_050,
  rate_type: 'fixed',
  instalment_paise: 89_178,
  total_interest_paise: 264_657,
  processing_fee_paise: 50_000,
  fee_gst_paise: 9_000,
  other_charges_paise: 0,
  net_disbursal_paise: 9_941_000,
  total_repayable_paise: 10_264_657,
  apr_bps: 1_340,
  pledges: [{ symbol: 'INFY', quantity: 200 }],
  penal: { kind: 'flat', rate_bps: 0, flat_paise: 50_000, text: '₹500.00 once per instalment.' },
  cooling_off_days: 3,
  foreclosure_charge_bps: 200,
  foreclosure:
    'Close the loan any day by paying the principal outstanding, interest to the day before and any penal charges due, and a foreclosure charge of 2.00% of the principal outstanding at foreclosure, plus GST at 18.00% on the charge.',
  recovery: 'No recovery agents.',
  grievance: { ...CREDIT_GRIEVANCE_OFFICER },
  schedule: quote.schedule,
  accepted_at: null,
  loan_id: null,
};

/** Reads the key fact statement and ticks its box, as a client must before applying. */
async function acceptKeyFacts(user: { click: (element: Element) => Promise<void> }) {
  await user.click(await screen.findByTestId('loan-kfs-open'));
  expect(await screen.findByTestId('loan-kfs')).toHaveTextContent('13.40%');
  expect(screen.getByTestId('loan-kfs')).toHaveTextContent(CREDIT_GRIEVANCE_OFFICER.email);
  expect(screen.getByTestId('loan-kfs-foreclosure')).toHaveTextContent(
    'a foreclosure charge of 2.00% of the principal outstanding',
  );
  await user.click(screen.getByTestId('loan-kfs-accept'));
}

beforeEach(() => {
  resetAppState();
  signInForTest();
});

describe('Loan Application drawer', () => {
  it('shows eligibility live from the pledge, the server quote, and applies with PIN and key', async () => {
    const keys: (string | undefined)[] = [];
    const http = mockApi({
      'GET /auth/app/v1/client_info': profile(true),
      'GET /loan/app/v1/products': ok(catalogue),
      'POST /loan/app/v1/quote': ok(quote),
      'POST /loan/app/v1/kfs': ok(kfs),
      'POST /loan/app/v1/apply': (config) => {
        keys.push(idempotencyKeyOf(config));
        return ok({ id: 'L1' });
      },
    });
    const { user } = renderWithProviders(<LoanApplicationPanel productId={LAS} />);
    await user.type(await screen.findByTestId('loan-amount'), '100000');
    await user.click(screen.getByTestId('loan-tenure'));
    await user.click(await screen.findByRole('option', { name: '3 months', hidden: true }));
    const pledge = screen.getByTestId('loan-pledge-INFY');
    await user.clear(pledge);
    await user.type(pledge, '200');
    // 200 × ₹1,500 = ₹3,00,000 pledged; 50% of it may be borrowed.
    expect(await screen.findByTestId('loan-eligibility')).toHaveTextContent('₹1,50,000.00');
    expect(await screen.findByTestId('loan-quote')).toHaveTextContent('₹99,410.00');
    // The schedule's columns are named (issue 31: three bare columns of amounts).
    const columns = within(screen.getByTestId('loan-quote-schedule')).getAllByRole('columnheader');
    expect(columns.map((c) => c.textContent)).toEqual(['Due', 'Instalment', 'Balance after']);
    expect(http.callsTo('POST /loan/app/v1/quote').at(-1)!.body).toEqual({
      product_id: LAS,
      amount: '100000.00',
      tenure_months: 3,
      pledges: [{ symbol: 'INFY', quantity: 200 }],
    });
    const boxes = [...screen.getByTestId('loan-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    // Not before the key fact statement is read and accepted.
    await user.click(screen.getByTestId('loan-submit'));
    expect(await screen.findByTestId('loan-apply-error')).toHaveTextContent(
      'Read the key fact statement',
    );
    expect(http.callsTo('POST /loan/app/v1/apply')).toHaveLength(0);
    await acceptKeyFacts(user);
    expect(http.callsTo('POST /loan/app/v1/kfs')[0]!.body).toEqual({
      product_id: LAS,
      amount: '100000.00',
      tenure_months: 3,
      pledges: [{ symbol: 'INFY', quantity: 200 }],
    });
    await user.click(screen.getByTestId('loan-submit'));
    expect(await screen.findByTestId('loan-applied')).toBeInTheDocument();
    const [call] = http.callsTo('POST /loan/app/v1/apply');
    expect(call!.body).toEqual({
      kfs_id: KFS_ID,
      product_id: LAS,
      amount: '100000.00',
      tenure_months: 3,
      pledges: [{ symbol: 'INFY', quantity: 200 }],
      pin: md5('123456'),
    });
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('applies with two holdings when only one is pledged (the untouched box pledges nothing)', async () => {
    const http = mockApi({
      'GET /auth/app/v1/client_info': profile(true),
      'GET /loan/app/v1/products': ok({
        ...catalogue,
        holdings: [
          ...catalogue.holdings,
          {
            symbol: 'TCS',
            name: 'Tata Consultancy Services',
            quantity: 10,
            free_quantity: 10,
            pledged_quantity: 0,
            price_paise: 350_000,
          },
        ],
      }),
      'POST /loan/app/v1/quote': ok(quote),
      'POST /loan/app/v1/kfs': ok(kfs),
      'POST /loan/app/v1/apply': ok({ id: 'L1' }),
    });
    const { user } = renderWithProviders(<LoanApplicationPanel productId={LAS} />);
    await user.type(await screen.findByTestId('loan-amount'), '100000');
    await user.click(screen.getByTestId('loan-tenure'));
    await user.click(await screen.findByRole('option', { name: '3 months', hidden: true }));
    await user.clear(screen.getByTestId('loan-pledge-INFY'));
    await user.type(screen.getByTestId('loan-pledge-INFY'), '200');
    // Apply with no PIN: the form's refusal is said next to the button.
    await user.click(screen.getByTestId('loan-submit'));
    expect(await screen.findByTestId('loan-apply-error')).toBeInTheDocument();
    const boxes = [...screen.getByTestId('loan-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await acceptKeyFacts(user);
    await user.click(screen.getByTestId('loan-submit'));
    expect(await screen.findByTestId('loan-applied')).toBeInTheDocument();
    expect(http.callsTo('POST /loan/app/v1/apply')[0]!.body).toMatchObject({
      pledges: [{ symbol: 'INFY', quantity: 200 }],
    });
  });

  it("shows the server's refusal exactly, and nothing is applied", async () => {
    mockApi({
      'GET /auth/app/v1/client_info': profile(true),
      'GET /loan/app/v1/products': ok(catalogue),
      'POST /loan/app/v1/quote': fail(400, LM.amountAboveEligibility(15_000_000)),
      'POST /loan/app/v1/apply': fail(400, LM.amountAboveEligibility(15_000_000)),
    });
    const { user } = renderWithProviders(<LoanApplicationPanel productId={LAS} />);
    await user.type(await screen.findByTestId('loan-amount'), '200000');
    await user.click(screen.getByTestId('loan-tenure'));
    await user.click(await screen.findByRole('option', { name: '6 months', hidden: true }));
    await user.clear(screen.getByTestId('loan-pledge-INFY'));
    await user.type(screen.getByTestId('loan-pledge-INFY'), '200');
    expect(await screen.findByTestId('loan-quote-error')).toHaveTextContent(
      LM.amountAboveEligibility(15_000_000),
    );
  });

  it('without allow_loan: says so and never asks for products', async () => {
    const http = mockApi({ 'GET /auth/app/v1/client_info': profile(false) });
    renderWithProviders(<LoanApplicationPanel />);
    expect(await screen.findByText(LM.loanNotAllowed)).toBeInTheDocument();
    expect(http.callsTo('GET /loan/app/v1/products')).toHaveLength(0);
  });
});

describe('the credit products page', () => {
  it('a floating product shows today’s rate as the benchmark plus its spread and its reset period', async () => {
    const personal = {
      ...catalogue.items[0]!,
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Personal floating',
      kind: 'personal' as const,
      annual_rate_bps: 1_400,
      rate_type: 'floating' as const,
      spread_bps: 850,
      reset_months: 3,
      foreclosure_charge_bps: 0,
    };
    mockApi({
      'GET /auth/app/v1/client_info': profile(true),
      'GET /loan/app/v1/products': ok({ ...catalogue, items: [personal] }),
      'GET /loan/app/v1/loans': ok({ items: [] }),
    });
    renderWithProviders(<CreditProductsPage />);
    expect(await screen.findByTestId('credit-product-personal')).toHaveTextContent(
      '14.00% a year today, floating: the RBI policy repo rate + 8.50%, reset every 3 months',
    );
  });
});

const loan: TLoanDetail = {
  id: 'L1',
  product: { id: LAS, name: 'Loan against shares', kind: 'loan_against_shares' },
  status: 'disbursed',
  repayment: 'interest_only',
  amount_paise: 10_000_000,
  tenure_months: 3,
  annual_rate_bps: 1_050,
  processing_fee_paise: 50_000,
  fee_gst_paise: 9_000,
  approvals: 1,
  approvals_required: 1,
  reason: null,
  outstanding_principal_paise: 10_000_000,
  accrued_interest_paise: 28_767,
  fees_due_paise: 0,
  outstanding_paise: 10_028_767,
  paid_principal_paise: 0,
  paid_interest_paise: 0,
  paid_fees_paise: 0,
  due_now_paise: 0,
  past_due_paise: 0,
  interest_due_paise: 0,
  principal_due_paise: 0,
  accrued_not_due_paise: 28_767,
  dpd: 0,
  dpd_bucket: 'current',
  next_due_date: '2026-02-01',
  accrued_through: '2026-01-10',
  pledge_value_paise: 16_000_000,
  ltv_bps: 6_268,
  margin_state: 'margin_call',
  margin_call_deadline: '2026-12-07',
  created_at: '2026-01-01T00:00:00.000Z',
  disbursed_at: '2026-01-01T00:00:00.000Z',
  closed_at: null,
  schedule: quote.schedule,
  pledges: [
    {
      symbol: 'INFY',
      name: 'Infosys Ltd',
      quantity: 200,
      price_paise: 80_000,
      value_paise: 16_000_000,
      released: false,
      invoked_quantity: 0,
    },
  ],
  events: [
    { at: '2026-01-01T00:00:00.000Z', kind: 'disburse', message: 'Loan disbursed to your cash.' },
  ],
  product_levels: { ltv_bps: 5_000, margin_call_ltv_bps: 6_000, sell_off_ltv_bps: 7_000 },
};

describe('the loan page', () => {
  it('shows what is owed, accrued and the LTV with its margin call, and repays in full', async () => {
    const http = mockApi({
      'GET /auth/app/v1/client_info': profile(true),
      'GET /loan/app/v1/loans/L1': [ok(loan), ok({ ...loan, status: 'closed' })],
      'POST /loan/app/v1/loans/L1/repay': ok({
        loan: { ...loan, status: 'closed' },
        amount_paise: 10_028_767,
        fees_paise: 0,
        interest_paise: 28_767,
        principal_paise: 10_000_000,
        posting_id: '9',
      }),
    });
    const { user } = renderWithProviders(<Navigate to="/credit/loans/L1" />, {
      routes: [{ path: '/credit/loans/:id', element: <LoanPage /> }],
    });
    expect(await screen.findByTestId('loan-outstanding')).toHaveTextContent('₹1,00,287.67');
    expect(screen.getByTestId('loan-accrued')).toHaveTextContent('₹287.67');
    expect(screen.getByTestId('loan-margin-call')).toHaveTextContent('62.68%');
    expect(screen.getByTestId('loan-margin-call')).toHaveTextContent(
      'Repay by 7 Dec 2026 (end of day, IST); after that, pledged shares are sold, largest holding by value first.',
    );
    // Every day on the page reads 1 Feb 2026, none as the API's 2026-02-01 (issue 31).
    expect(screen.getByText(/Next due date: 1 Feb 2026/)).toBeInTheDocument();
    expect(screen.getByText(/through 10 Jan 2026/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(within(screen.getByTestId('loan-pledges')).getByText('INFY')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('loan-pledges'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Stock', 'Shares pledged', 'Value']);
    await user.click(screen.getByTestId('loan-repay-all'));
    expect(screen.getByTestId('loan-repay-amount')).toHaveValue('100287.67');
    const boxes = [...screen.getByTestId('loan-repay-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await user.click(screen.getByTestId('loan-repay-submit'));
    await waitFor(() => expect(http.callsTo('POST /loan/app/v1/loans/L1/repay')).toHaveLength(1));
    const [call] = http.callsTo('POST /loan/app/v1/loans/L1/repay');
    expect(call!.body).toEqual({ amount: '100287.67', pin: md5('123456') });
  });

  it('asks what a prepayment on an EMI loan shortens, and sends the choice', async () => {
    const emi = { ...loan, repayment: 'emi' as const, due_now_paise: 448_830 };
    const http = mockApi({
      'GET /auth/app/v1/client_info': profile(true),
      'GET /loan/app/v1/loans/L1': ok(emi),
      'POST /loan/app/v1/loans/L1/repay': ok({
        loan: emi,
        amount_paise: 2_000_000,
        fees_paise: 0,
        interest_paise: 0,
        principal_paise: 2_000_000,
        posting_id: '9',
      }),
    });
    const { user } = renderWithProviders(<Navigate to="/credit/loans/L1" />, {
      routes: [{ path: '/credit/loans/:id', element: <LoanPage /> }],
    });
    const amount = await screen.findByTestId('loan-repay-amount');
    // What is due, or less, prepays nothing: no question.
    await user.type(amount, '4488.30');
    expect(screen.queryByTestId('loan-prepayment')).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '20000');
    const choice = await screen.findByTestId('loan-prepayment');
    expect(within(choice).getByLabelText('Lower my EMI')).toBeChecked();
    await user.click(within(choice).getByLabelText('Fewer instalments'));
    const boxes = [...screen.getByTestId('loan-repay-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await user.click(screen.getByTestId('loan-repay-submit'));
    await waitFor(() => expect(http.callsTo('POST /loan/app/v1/loans/L1/repay')).toHaveLength(1));
    expect(http.callsTo('POST /loan/app/v1/loans/L1/repay')[0]!.body).toEqual({
      amount: '20000.00',
      pin: md5('123456'),
      prepayment: 'reduce_tenure',
    });
  });

  it('with allow_loan off the loan still shows; foreclosure reads the amount and closes on it', async () => {
    const http = mockApi({
      'GET /auth/app/v1/client_info': profile(false),
      'GET /loan/app/v1/loans/L1': [
        ok({ ...loan, cooling_off_until: '2026-01-04' }),
        ok({ ...loan, status: 'closed', closed_by: 'cooling_off', kfs_id: KFS_ID }),
      ],
      'GET /loan/app/v1/loans/L1/foreclosure': ok({
        loan_id: 'L1',
        as_of: '2026-01-03',
        valid_until: '2026-01-03',
        principal_paise: 10_000_000,
        interest_paise: 5_753,
        penal_paise: 0,
        waived_paise: 0,
        foreclosure_charge_paise: 0,
        foreclosure_charge_gst_paise: 0,
        total_paise: 10_005_753,
        per_day_interest_paise: 2_876,
        cooling_off: true,
        cooling_off_until: '2026-01-04',
      }),
      'POST /loan/app/v1/loans/L1/foreclose': ok({
        loan: { ...loan, status: 'closed' },
        amount_paise: 10_005_753,
        fees_paise: 0,
        interest_paise: 5_753,
        principal_paise: 10_000_000,
        posting_id: '10',
      }),
    });
    const { user } = renderWithProviders(<Navigate to="/credit/loans/L1" />, {
      routes: [{ path: '/credit/loans/:id', element: <LoanPage /> }],
    });
    expect(await screen.findByTestId('loan-cooling-off')).toHaveTextContent('4 Jan 2026 (IST)');
    await user.click(screen.getByTestId('loan-foreclosure-open'));
    expect(await screen.findByTestId('loan-foreclosure-total')).toHaveTextContent('₹1,00,057.53');
    const boxes = [...screen.getByTestId('loan-foreclose-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await user.click(screen.getByTestId('loan-foreclose'));
    await waitFor(() =>
      expect(http.callsTo('POST /loan/app/v1/loans/L1/foreclose')).toHaveLength(1),
    );
    expect(http.callsTo('POST /loan/app/v1/loans/L1/foreclose')[0]!.body).toEqual({
      amount: '100057.53',
      pin: md5('123456'),
    });
    expect(await screen.findByTestId('loan-no-dues')).toBeInTheDocument();
    expect(screen.getByTestId('loan-kfs-download')).toBeInTheDocument();
  });

  it('out of the cooling-off period the statement names the foreclosure charge and its GST and closes on the total with both', async () => {
    const http = mockApi({
      'GET /auth/app/v1/client_info': profile(true),
      'GET /loan/app/v1/loans/L1': ok(loan),
      'GET /loan/app/v1/loans/L1/foreclosure': ok({
        loan_id: 'L1',
        as_of: '2026-01-13',
        valid_until: '2026-01-13',
        principal_paise: 10_000_000,
        interest_paise: 28_767,
        penal_paise: 0,
        waived_paise: 0,
        foreclosure_charge_paise: 200_000,
        foreclosure_charge_gst_paise: 36_000,
        total_paise: 10_264_767,
        per_day_interest_paise: 2_876,
        cooling_off: false,
        cooling_off_until: null,
      }),
      'POST /loan/app/v1/loans/L1/foreclose': ok({
        loan: { ...loan, status: 'closed' },
        amount_paise: 10_264_767,
        fees_paise: 236_000,
        interest_paise: 28_767,
        principal_paise: 10_000_000,
        posting_id: '11',
      }),
    });
    const { user } = renderWithProviders(<Navigate to="/credit/loans/L1" />, {
      routes: [{ path: '/credit/loans/:id', element: <LoanPage /> }],
    });
    await user.click(await screen.findByTestId('loan-foreclosure-open'));
    expect(await screen.findByTestId('loan-foreclosure-total')).toHaveTextContent('₹1,02,647.67');
    expect(screen.getByTestId('loan-foreclosure-charge')).toHaveTextContent(
      'Includes a foreclosure charge of ₹2,000.00 + GST ₹360.00',
    );
    const boxes = [...screen.getByTestId('loan-foreclose-pin').querySelectorAll('input')];
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await user.click(screen.getByTestId('loan-foreclose'));
    await waitFor(() =>
      expect(http.callsTo('POST /loan/app/v1/loans/L1/foreclose')).toHaveLength(1),
    );
    expect(http.callsTo('POST /loan/app/v1/loans/L1/foreclose')[0]!.body).toEqual({
      amount: '102647.67',
      pin: md5('123456'),
    });
  });

  it('a floating loan shows its terms and next reset; choosing to keep the EMI saves it', async () => {
    const floating: TLoanDetail = {
      ...loan,
      annual_rate_bps: 1_400,
      rate_type: 'floating',
      floating: {
        benchmark: 'RBI policy repo rate',
        spread_bps: 850,
        reset_months: 3,
        next_reset_date: '2027-03-04',
        reset_preference: 'tenure',
      },
    };
    const chosen = {
      ...floating,
      floating: { ...floating.floating!, reset_preference: 'emi' as const },
    };
    const http = mockApi({
      'GET /auth/app/v1/client_info': profile(true),
      'GET /loan/app/v1/loans/L1': [ok(floating), ok(chosen)],
      'POST /loan/app/v1/loans/L1/reset-preference': ok(chosen),
    });
    const { user } = renderWithProviders(<Navigate to="/credit/loans/L1" />, {
      routes: [{ path: '/credit/loans/:id', element: <LoanPage /> }],
    });
    expect(await screen.findByTestId('loan-floating-terms')).toHaveTextContent(
      'Your rate is the RBI policy repo rate plus 8.50%, 14.00% a year now. It is reset every 3 months, on a due date.',
    );
    expect(screen.getByTestId('loan-next-reset')).toHaveTextContent('Next reset: 4 Mar 2027 (IST)');
    const tenure = screen.getByRole('radio', { name: 'Keep my tenure: the EMI changes' });
    const emi = screen.getByRole('radio', { name: /Keep my EMI: the tenure changes/ });
    expect(tenure).toBeChecked();
    await user.click(emi);
    await waitFor(() =>
      expect(http.callsTo('POST /loan/app/v1/loans/L1/reset-preference')).toHaveLength(1),
    );
    expect(http.callsTo('POST /loan/app/v1/loans/L1/reset-preference')[0]!.body).toEqual({
      reset_preference: 'emi',
    });
    expect(await screen.findByTestId('loan-reset-saved')).toHaveTextContent(
      'Your choice for rate resets is saved.',
    );
    await waitFor(() => expect(emi).toBeChecked());
  });

  it('a fixed-rate loan shows no reset choice', async () => {
    mockApi({
      'GET /auth/app/v1/client_info': profile(true),
      'GET /loan/app/v1/loans/L1': ok({ ...loan, rate_type: 'fixed', floating: null }),
    });
    renderWithProviders(<Navigate to="/credit/loans/L1" />, {
      routes: [{ path: '/credit/loans/:id', element: <LoanPage /> }],
    });
    expect(await screen.findByTestId('loan-outstanding')).toBeInTheDocument();
    expect(screen.queryByTestId('loan-floating')).toBeNull();
  });

  it('a floating-rate KFS names the benchmark, spread, reset period and what a change does', async () => {
    const text =
      'Floating rate: the RBI policy repo rate (5.50% today) plus a spread of 8.50%, 14.00% a year now. A change in the benchmark changes your EMI or your tenure.';
    renderWithProviders(
      <KeyFactStatement
        kfs={{
          ...kfs,
          rate_type: 'floating',
          annual_rate_bps: 1_400,
          floating: {
            benchmark: 'RBI policy repo rate',
            benchmark_bps: 550,
            spread_bps: 850,
            reset_months: 3,
            text,
          },
        }}
        accepted={false}
        onAccept={() => undefined}
      />,
    );
    expect(await screen.findByText('Interest rate (floating, a year)')).toBeInTheDocument();
    expect(screen.getByTestId('loan-kfs-floating')).toHaveTextContent(`Floating rate: ${text}`);
  });
});
