import { CREDIT_DONE, LM, type TConsoleLoan, type TStaffRole } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { LoanQueuePage } from './loan-queue';

const LOAN_ID = '22222222-2222-4222-8222-222222222222';
const APPROVE = `POST /credit/loans/${LOAN_ID}/approve`;
const keyOf = (config: InternalAxiosRequestConfig) =>
  config.headers.get('Idempotency-Key') as string | undefined;

const loan = (extra: Partial<TConsoleLoan> = {}): TConsoleLoan => ({
  id: LOAN_ID,
  product: { id: 'p1', name: 'Personal loan', kind: 'personal' },
  status: 'applied',
  repayment: 'emi',
  amount_paise: 30_000_000,
  tenure_months: 12,
  annual_rate_bps: 1_400,
  processing_fee_paise: 450_000,
  fee_gst_paise: 81_000,
  approvals: 0,
  approvals_required: 2,
  reason: null,
  outstanding_principal_paise: 0,
  accrued_interest_paise: 0,
  fees_due_paise: 0,
  outstanding_paise: 0,
  paid_principal_paise: 0,
  paid_interest_paise: 0,
  paid_fees_paise: 0,
  due_now_paise: 0,
  past_due_paise: 0,
  interest_due_paise: 0,
  principal_due_paise: 0,
  accrued_not_due_paise: 0,
  dpd: 0,
  dpd_bucket: 'current',
  next_due_date: null,
  accrued_through: null,
  pledge_value_paise: null,
  ltv_bps: null,
  margin_state: null,
  created_at: '2026-01-05T06:00:00.000Z',
  disbursed_at: null,
  closed_at: null,
  client: { id: 'c1', uid: '12345678', name: 'Kavya Iyer' },
  approved_by: [],
  decided_by: null,
  ...extra,
});
const page = (items: TConsoleLoan[]) => ({ items, next_cursor: null });

function signInAs(roles: TStaffRole[]) {
  session.set({
    token: 't',
    expires_at: '2030-01-01T00:00:00.000Z',
    idle_timeout_s: 1800,
    staff: { id: 's1', email: 'ops@firm.in', name: 'Officer', roles },
    recovery_codes_left: 10,
  });
}
afterEach(() => session.clear('signed-out'));

describe('LoanQueuePage', () => {
  it('lists applications oldest first with the approvals they need; an officer approves with a key', async () => {
    signInAs(['operations']);
    const keys: (string | undefined)[] = [];
    const api = mockApi({
      'GET /credit/loans': ok(page([loan()])),
      [APPROVE]: [
        (config) => {
          keys.push(keyOf(config));
          return fail(409, LM.secondApprovalSameOfficer);
        },
        (config) => {
          keys.push(keyOf(config));
          return ok(loan({ approvals: 1, approved_by: ['ops@firm.in'] }), CREDIT_DONE.approved);
        },
      ],
    });
    renderWithProviders(<LoanQueuePage />);
    const row = (await screen.findAllByTestId('loan-row'))[0]!;
    expect(row).toHaveTextContent('Kavya Iyer');
    expect(row).toHaveTextContent('₹3,00,000.00');
    expect(row).toHaveTextContent('0 of 2');
    expect(api.callsTo('GET /credit/loans')[0]!.params).toMatchObject({ status: 'applied' });

    await userEvent.click(within(row).getByTestId('loan-approve'));
    await userEvent.type(screen.getByTestId('loan-decision-reason'), 'Income verified');
    await userEvent.click(screen.getByTestId('loan-decision-submit'));
    expect(await screen.findByTestId('decision-error')).toHaveTextContent(
      LM.secondApprovalSameOfficer,
    );
    await userEvent.click(screen.getByTestId('loan-decision-submit'));
    expect(await screen.findByText(CREDIT_DONE.approved)).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(api.callsTo(APPROVE)[0]!.body).toEqual({ reason: 'Income verified' });
  });

  it('rejecting needs a reason', async () => {
    signInAs(['operations']);
    const api = mockApi({ 'GET /credit/loans': ok(page([loan()])) });
    renderWithProviders(<LoanQueuePage />);
    const row = (await screen.findAllByTestId('loan-row'))[0]!;
    await userEvent.click(within(row).getByTestId('loan-reject'));
    await userEvent.click(screen.getByTestId('loan-decision-submit'));
    expect(await screen.findByText(LM.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo(`POST /credit/loans/${LOAN_ID}/reject`)).toHaveLength(0);
  });

  it('advisors read the queue without decision buttons', async () => {
    signInAs(['advisor']);
    mockApi({ 'GET /credit/loans': ok(page([loan()])) });
    renderWithProviders(<LoanQueuePage />);
    const row = (await screen.findAllByTestId('loan-row'))[0]!;
    expect(within(row).queryByTestId('loan-approve')).not.toBeInTheDocument();
    expect(within(row).queryByTestId('loan-reject')).not.toBeInTheDocument();
  });

  it('a click on a row opens the loan; its decision buttons stay their own', async () => {
    signInAs(['operations']);
    mockApi({ 'GET /credit/loans': ok(page([loan()])) });
    renderWithProviders(<LoanQueuePage />, { route: '/credit/loans', path: '/credit/loans' });
    const row = (await screen.findAllByTestId('loan-row'))[0]!;
    await userEvent.click(within(row).getByTestId('loan-approve'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(row).getByText('₹3,00,000.00'));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/credit/loans/${LOAN_ID}`);
  });
});
