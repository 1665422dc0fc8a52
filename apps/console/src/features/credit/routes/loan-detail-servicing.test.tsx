import type { TInstalment, TPostingView } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { consoleLoanDetail, LOAN_ID, signInAs } from '../test/loan-fixtures';
import { LoanDetailPage } from './loan-detail';

const LOAN = `GET /credit/loans/${LOAN_ID}`;
const POSTINGS = `GET /credit/loans/${LOAN_ID}/postings`;
const instalment = (n: number, extra: Partial<TInstalment>): TInstalment => ({
  number: n,
  due_date: '2026-12-20',
  days: 30,
  interest_paise: 287_671,
  principal_paise: 1_956_479,
  amount_paise: 2_244_150,
  balance_after_paise: 23_043_521,
  ...extra,
});
const schedule: TInstalment[] = [
  instalment(1, { state: 'paid', paid_paise: 2_244_150, days_past_due: 0 }),
  instalment(2, {
    due_date: '2027-01-20',
    state: 'overdue',
    paid_paise: 1_000_000,
    days_past_due: 45,
  }),
  instalment(3, { due_date: '2027-02-20', state: 'overdue', paid_paise: 0, days_past_due: 14 }),
  instalment(4, { due_date: '2027-03-06', state: 'due', paid_paise: 0, days_past_due: 0 }),
  instalment(5, { due_date: '2027-04-20', state: 'upcoming', paid_paise: 0, days_past_due: 0 }),
];
const posting = (id: number, extra: Partial<TPostingView> = {}): TPostingView => ({
  id: String(id),
  kind: 'loan_interest',
  memo: 'Interest for 2027-03-05',
  reference: `loan:${LOAN_ID}`,
  created_at: '2027-03-05T18:30:05.000Z',
  lines: [
    { account: 'loans', client_id: null, amount_paise: -9_589, balance_after_paise: null },
    { account: 'interest_income', client_id: null, amount_paise: 9_589, balance_after_paise: null },
  ],
  ...extra,
});
const disbursal = posting(1, {
  kind: 'loan_disbursal',
  memo: 'Personal loan of ₹2,50,000.00 disbursed',
  created_at: '2026-11-20T06:00:00.000Z',
  lines: [
    { account: 'loans', client_id: null, amount_paise: -25_000_000, balance_after_paise: null },
    {
      account: 'cash_available',
      client_id: 'c1',
      amount_paise: 25_000_000,
      balance_after_paise: 25_000_000,
    },
  ],
});
const render = () =>
  renderWithProviders(<LoanDetailPage />, {
    route: `/credit/loans/${LOAN_ID}`,
    path: '/credit/loans/:id',
  });

afterEach(() => session.clear('signed-out'));

describe('the loan page’s schedule and ledger postings', () => {
  it('shows each instalment’s state, days past due and what was paid of it', async () => {
    signInAs(['operations']);
    mockApi({
      [LOAN]: ok(consoleLoanDetail({ schedule })),
      [POSTINGS]: ok({ items: [], next_cursor: null }),
    });
    render();
    const rows = await within(await screen.findByTestId('loan-schedule')).findAllByTestId(
      'instalment-row',
    );
    const states = rows.map((r) => within(r).getByTestId('instalment-state').textContent);
    expect(states).toEqual([
      'Paid',
      'Overdue · 45 days',
      'Overdue · 14 days',
      'Due today',
      'Upcoming',
    ]);
    const paid = rows.map((r) => within(r).getByTestId('instalment-paid').textContent);
    expect(paid).toEqual(['₹22,441.50', '₹10,000.00', '₹0.00', '₹0.00', '₹0.00']);
    expect(rows[1]).toHaveTextContent('20 Jan 2027');
    expect(rows[0]).toHaveTextContent('₹2,30,435.21');
  });

  it('a quoted schedule (not disbursed) has no states or payments, and no postings are asked for', async () => {
    signInAs(['operations']);
    const api = mockApi({
      [LOAN]: ok(
        consoleLoanDetail({
          status: 'approved',
          disbursed_at: null,
          schedule: [instalment(1, {})],
        }),
      ),
    });
    render();
    const row = await within(await screen.findByTestId('loan-schedule')).findByTestId(
      'instalment-row',
    );
    expect(within(row).getByTestId('instalment-paid')).toHaveTextContent('—');
    expect(within(row).queryByTestId('instalment-state')).toBeNull();
    expect(screen.queryByTestId('loan-postings')).toBeNull();
    expect(api.callsTo(POSTINGS)).toHaveLength(0);
  });

  it('lists the loan’s postings newest first, every line signed, and pages on', async () => {
    signInAs(['advisor']);
    const api = mockApi({
      [LOAN]: ok(consoleLoanDetail({ schedule })),
      [POSTINGS]: [
        ok({
          items: [
            posting(3, {
              kind: 'loan_penal_charge',
              memo: 'Penal charge for 2027-03-05',
              lines: [
                {
                  account: 'loans',
                  client_id: null,
                  amount_paise: -257,
                  balance_after_paise: null,
                },
                { account: 'fees', client_id: null, amount_paise: 257, balance_after_paise: null },
              ],
            }),
            posting(2),
          ],
          next_cursor: 'c2',
        }),
        ok({ items: [disbursal], next_cursor: null }),
      ],
    });
    render();
    const section = await screen.findByTestId('loan-postings');
    expect(within(section).getByRole('heading', { name: 'Ledger postings' })).toBeInTheDocument();
    let rows = await within(section).findAllByTestId('loan-posting');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Loan penal charge'),
      expect.stringContaining('Loan interest'),
    ]);
    expect(rows[0]).toHaveTextContent('6 Mar 2027, 12:00 am IST');
    // The firm's claim on the loan grows (negative, like bank clearing); fees earn.
    expect(rows[0]).toHaveTextContent('Loans (firm)-₹2.57');
    expect(section).toHaveTextContent('Fees (firm)+₹2.57');
    await userEvent.click(within(section).getByRole('button', { name: 'Load more' }));
    rows = await within(section).findAllByTestId('loan-posting');
    await within(section).findByText('Personal loan of ₹2,50,000.00 disbursed');
    expect(section).toHaveTextContent('Cash available+₹2,50,000.00');
    expect(section).toHaveTextContent('Loans (firm)-₹2,50,000.00');
    expect(api.callsTo(POSTINGS).map((c) => c.params)).toEqual([
      { limit: 20 },
      { cursor: 'c2', limit: 20 },
    ]);
    expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a refusal of the postings shows the server’s message in their place', async () => {
    signInAs(['advisor']);
    mockApi({
      [LOAN]: ok(consoleLoanDetail({ schedule })),
      [POSTINGS]: fail(403, 'This client belongs to another advisor.'),
    });
    render();
    const section = await screen.findByTestId('loan-postings');
    expect(
      await within(section).findByText('This client belongs to another advisor.'),
    ).toBeInTheDocument();
  });
});
