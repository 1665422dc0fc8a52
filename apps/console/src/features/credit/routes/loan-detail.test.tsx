import {
  CREDIT_GRIEVANCE_OFFICER,
  LM,
  type TConsoleLoanDetail,
  type TForeclosureStatement,
  type TKeyFactStatement,
} from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { LoanDetailPage } from './loan-detail';

const LOAN_ID = '44444444-4444-4444-8444-444444444444';
const KFS_ID = '55555555-5555-4555-8555-555555555555';

const loan = (extra: Partial<TConsoleLoanDetail> = {}): TConsoleLoanDetail => ({
  id: LOAN_ID,
  product: { id: 'p1', name: 'Loan against shares', kind: 'loan_against_shares' },
  status: 'disbursed',
  repayment: 'interest_only',
  amount_paise: 11_000_000,
  tenure_months: 3,
  annual_rate_bps: 1_050,
  processing_fee_paise: 0,
  fee_gst_paise: 0,
  approvals: 1,
  approvals_required: 1,
  reason: null,
  outstanding_principal_paise: 11_000_000,
  accrued_interest_paise: 25_315,
  fees_due_paise: 0,
  outstanding_paise: 11_025_315,
  paid_principal_paise: 0,
  paid_interest_paise: 0,
  paid_fees_paise: 0,
  due_now_paise: 0,
  past_due_paise: 0,
  interest_due_paise: 0,
  principal_due_paise: 0,
  accrued_not_due_paise: 25_315,
  dpd: 0,
  dpd_bucket: 'current',
  next_due_date: '2027-01-28',
  accrued_through: '2027-01-05',
  pledge_value_paise: 17_600_000,
  ltv_bps: 6_265,
  margin_state: 'margin_call',
  created_at: '2026-12-28T06:00:00.000Z',
  disbursed_at: '2026-12-28T07:00:00.000Z',
  closed_at: null,
  kfs_id: KFS_ID,
  margin_call_deadline: '2027-01-04',
  client: { id: 'c1', uid: '12345678', name: 'Kavya Iyer' },
  approved_by: ['ops@firm.in'],
  decided_by: null,
  schedule: [],
  pledges: [],
  events: [],
  product_levels: { ltv_bps: 5_000, margin_call_ltv_bps: 6_000, sell_off_ltv_bps: 7_000 },
  margin_calls: [
    {
      id: 'mc1',
      raised_at: '2026-12-28T08:00:00.000Z',
      deadline: '2027-01-04',
      ltv_bps: 6_250,
      shortfall_paise: 2_200_000,
      status: 'invoked',
      ended_at: '2027-01-05T08:00:00.000Z',
      ended_ltv_bps: 6_265,
      sold: [{ symbol: 'INFY', quantity: 38 }],
    },
  ],
  ...extra,
});

const kfs: TKeyFactStatement = {
  id: KFS_ID,
  issued_at: '2026-12-28T05:00:00.000Z',
  valid_until: '2027-01-01',
  lender: 'Sampada Wealth',
  product_id: 'p1',
  product_name: 'Loan against shares',
  kind: 'loan_against_shares',
  repayment: 'interest_only',
  amount_paise: 11_000_000,
  tenure_months: 3,
  instalments: 3,
  annual_rate_bps: 1_050,
  rate_type: 'fixed',
  instalment_paise: 95_000,
  total_interest_paise: 285_000,
  processing_fee_paise: 0,
  fee_gst_paise: 0,
  other_charges_paise: 0,
  net_disbursal_paise: 11_000_000,
  total_repayable_paise: 11_285_000,
  apr_bps: 1_100,
  pledges: [{ symbol: 'INFY', quantity: 100 }],
  penal: {
    kind: 'flat',
    rate_bps: 0,
    flat_paise: 50_000,
    text: '₹500.00 once for each instalment unpaid.',
  },
  cooling_off_days: 3,
  foreclosure_charge_bps: 0,
  foreclosure: 'No foreclosure charge.',
  recovery: 'Pledged shares are sold, largest holding by value first.',
  grievance: { ...CREDIT_GRIEVANCE_OFFICER },
  schedule: [],
  accepted_at: '2026-12-28T05:30:00.000Z',
  loan_id: LOAN_ID,
};

const statement = (extra: Partial<TForeclosureStatement> = {}): TForeclosureStatement => ({
  loan_id: LOAN_ID,
  as_of: '2027-01-06',
  valid_until: '2027-01-06',
  principal_paise: 11_000_000,
  interest_paise: 28_479,
  penal_paise: 50_000,
  waived_paise: 0,
  foreclosure_charge_paise: 0,
  foreclosure_charge_gst_paise: 0,
  total_paise: 11_078_479,
  per_day_interest_paise: 3_164,
  cooling_off: false,
  cooling_off_until: null,
  ...extra,
});

beforeEach(() => {
  session.set({
    token: 't',
    expires_at: '2030-01-01T00:00:00.000Z',
    idle_timeout_s: 1800,
    staff: { id: 's1', email: 'ops@firm.in', name: 'Officer', roles: ['operations'] },
    recovery_codes_left: 10,
  });
  URL.createObjectURL = vi.fn(() => 'blob:paper');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => session.clear('signed-out'));

const render = () =>
  renderWithProviders(<LoanDetailPage />, {
    route: `/credit/loans/${LOAN_ID}`,
    path: '/credit/loans/:id',
  });

describe('the loan page’s papers and margin calls', () => {
  it('shows the accepted KFS read-only, downloads its PDF, and lists the margin calls', async () => {
    const api = mockApi({
      [`GET /credit/loans/${LOAN_ID}`]: ok(
        loan({
          pledges: [
            {
              symbol: 'INFY',
              name: 'Infosys',
              quantity: 100,
              price_paise: 176_000,
              value_paise: 17_600_000,
              released: false,
              invoked_quantity: 0,
            },
          ],
        }),
      ),
      [`GET /credit/loans/${LOAN_ID}/kfs`]: ok(kfs),
      [`GET /credit/loans/${LOAN_ID}/foreclosure`]: ok(statement()),
      [`GET /credit/loans/${LOAN_ID}/kfs/pdf`]: { status: 200, body: new Blob(['%PDF-1.7']) },
    });
    const user = userEvent.setup();
    render();
    const table = await screen.findByTestId('loan-kfs');
    expect(within(table).getByText('10.50% · 11.00%')).toBeInTheDocument();
    expect(within(table).getByText('3 days')).toBeInTheDocument();
    expect(within(table).getByText(kfs.recovery)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    // Open, no no-dues letter yet.
    expect(screen.queryByTestId('loan-no-dues-pdf')).toBeNull();
    await user.click(screen.getByTestId('loan-kfs-pdf'));
    await waitFor(() =>
      expect(api.calls.map((c) => c.url)).toContain(`/credit/loans/${LOAN_ID}/kfs/pdf`),
    );
    expect(URL.createObjectURL).toHaveBeenCalled();

    const call = within(screen.getByTestId('loan-margin-calls')).getByTestId('margin-call-row');
    expect(call).toHaveTextContent('2027-01-04');
    expect(call).toHaveTextContent('₹22,000.00');
    expect(call).toHaveTextContent('Invoked');
    expect(call).toHaveTextContent('38 INFY');

    // The pledge's columns are named and its state reads as a word (issue 31).
    const pledges = screen.getByTestId('loan-pledges');
    expect(
      within(pledges)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Stock', 'Shares', 'Value', 'Pledge']);
    expect(pledges).toHaveTextContent('Held');
  });

  it('a closed loan offers the no-dues letter; a refusal shows the server’s message', async () => {
    const api = mockApi({
      [`GET /credit/loans/${LOAN_ID}`]: ok(
        loan({
          status: 'closed',
          kfs_id: null,
          margin_calls: [],
          closed_at: '2027-01-06T06:00:00Z',
        }),
      ),
      [`GET /credit/loans/${LOAN_ID}/no-dues/pdf`]: {
        status: 409,
        body: new Blob([JSON.stringify({ code: 409, message: LM.notClosed, data: null })]),
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/none on file/)).toBeInTheDocument();
    expect(screen.queryByTestId('loan-kfs-pdf')).toBeNull();
    expect(screen.getByText('No margin calls.')).toBeInTheDocument();
    await user.click(screen.getByTestId('loan-no-dues-pdf'));
    expect(await screen.findByText(LM.notClosed)).toBeInTheDocument();
    // Closed: no foreclosure statement, not even asked for.
    expect(screen.queryByTestId('loan-foreclosure')).toBeNull();
    expect(api.calls.map((c) => c.url)).not.toContain(`/credit/loans/${LOAN_ID}/foreclosure`);
  });
});

describe('the loan page’s foreclosure statement', () => {
  it('shows what closes the open loan today, line by line, with its IST day', async () => {
    mockApi({
      [`GET /credit/loans/${LOAN_ID}`]: ok(loan({ kfs_id: null })),
      [`GET /credit/loans/${LOAN_ID}/foreclosure`]: ok(statement()),
    });
    render();
    const lines = await screen.findByTestId('foreclosure-lines');
    const row = (label: string) => within(lines).getByText(label).closest('tr')!;
    expect(row('Principal outstanding')).toHaveTextContent('₹1,10,000.00');
    expect(row('Interest accrued to yesterday')).toHaveTextContent('₹284.79');
    expect(row('Penal charges')).toHaveTextContent('₹500.00');
    expect(row('Foreclosure charge')).toHaveTextContent('₹0.00');
    expect(screen.getByTestId('foreclosure-total')).toHaveTextContent('₹1,10,784.79');
    expect(within(lines).queryByText(/Waived/)).toBeNull();
    expect(within(lines).queryByText(/GST/)).toBeNull();
    const section = screen.getByTestId('loan-foreclosure');
    expect(section).toHaveTextContent(
      'As of 2027-01-06 (IST), valid to the end of 2027-01-06 IST; each further day adds ₹31.64 of interest.',
    );
  });

  it('a foreclosure charge shows with its GST beside it, both in the total', async () => {
    mockApi({
      [`GET /credit/loans/${LOAN_ID}`]: ok(loan({ kfs_id: null })),
      [`GET /credit/loans/${LOAN_ID}/foreclosure`]: ok(
        statement({
          foreclosure_charge_paise: 220_000,
          foreclosure_charge_gst_paise: 39_600,
          total_paise: 11_078_479 + 220_000 + 39_600,
        }),
      ),
    });
    render();
    const lines = await screen.findByTestId('foreclosure-lines');
    const row = (label: string) => within(lines).getByText(label).closest('tr')!;
    expect(row('Foreclosure charge')).toHaveTextContent('₹2,200.00');
    expect(row('GST on the foreclosure charge (18.00%)')).toHaveTextContent('₹396.00');
    expect(screen.getByTestId('foreclosure-total')).toHaveTextContent('₹1,13,380.79');
  });

  it('in the cooling-off period: the penal charges waived and the period’s end shown', async () => {
    mockApi({
      [`GET /credit/loans/${LOAN_ID}`]: ok(loan({ kfs_id: null })),
      [`GET /credit/loans/${LOAN_ID}/foreclosure`]: ok(
        statement({
          waived_paise: 50_000,
          total_paise: 11_028_479,
          cooling_off: true,
          cooling_off_until: '2027-01-08',
        }),
      ),
    });
    render();
    const lines = await screen.findByTestId('foreclosure-lines');
    expect(within(lines).getByText('Waived (cooling-off exit)').closest('tr')).toHaveTextContent(
      '− ₹500.00',
    );
    expect(screen.getByTestId('foreclosure-total')).toHaveTextContent('₹1,10,284.79');
    expect(screen.getByTestId('loan-foreclosure')).toHaveTextContent(
      'In the cooling-off period until 2027-01-08 IST: principal and interest only.',
    );
  });

  it('a refusal from the server shows its message in place of the statement', async () => {
    mockApi({
      [`GET /credit/loans/${LOAN_ID}`]: ok(loan({ kfs_id: null })),
      [`GET /credit/loans/${LOAN_ID}/foreclosure`]: fail(
        403,
        'This client belongs to another advisor.',
      ),
    });
    render();
    expect(
      await within(await screen.findByTestId('loan-foreclosure')).findByText(
        'This client belongs to another advisor.',
      ),
    ).toBeInTheDocument();
  });
});

describe('a floating-rate loan on the loan page', () => {
  it('shows its benchmark, spread, reset period, next reset and what the borrower keeps', async () => {
    mockApi({
      [`GET /credit/loans/${LOAN_ID}`]: ok(
        loan({
          rate_type: 'floating',
          floating: {
            benchmark: 'RBI policy repo rate',
            spread_bps: 850,
            reset_months: 3,
            next_reset_date: '2027-03-04',
            reset_preference: 'emi',
          },
        }),
      ),
      [`GET /credit/loans/${LOAN_ID}/kfs`]: ok({
        ...kfs,
        rate_type: 'floating',
        floating: {
          benchmark: 'RBI policy repo rate',
          benchmark_bps: 550,
          spread_bps: 850,
          reset_months: 3,
          text: 'Floating rate: the RBI policy repo rate (5.50% today) plus a spread of 8.50%.',
        },
      }),
      [`GET /credit/loans/${LOAN_ID}/foreclosure`]: ok(statement()),
    });
    render();
    const figure = await screen.findByTestId('loan-floating');
    expect(figure).toHaveTextContent(
      'Next reset 2027-03-04 (IST) · borrower keeps the EMI (tenure moves)',
    );
    expect(
      screen.getByText('Floating: RBI policy repo rate + 8.50%, reset every 3 months'),
    ).toBeInTheDocument();
    const papers = await screen.findByTestId('loan-kfs');
    expect(within(papers).getByText('Floating rate')).toBeInTheDocument();
    expect(
      within(papers).getByText(
        'Floating rate: the RBI policy repo rate (5.50% today) plus a spread of 8.50%.',
      ),
    ).toBeInTheDocument();
  });
});
