import type { TConsoleLoan, TConsoleLoanDetail, TStaffRole } from '@sampada/shared';
import { session } from '../../../lib/session';

export const LOAN_ID = '66666666-6666-4666-8666-666666666666';

/** A disbursed ₹2,50,000 personal loan, 45 days past due (SMA-1). */
export const consoleLoan = (extra: Partial<TConsoleLoan> = {}): TConsoleLoan => ({
  id: LOAN_ID,
  product: { id: 'p1', name: 'Personal loan', kind: 'personal' },
  status: 'disbursed',
  repayment: 'emi',
  amount_paise: 25_000_000,
  tenure_months: 12,
  annual_rate_bps: 1_400,
  processing_fee_paise: 0,
  fee_gst_paise: 0,
  approvals: 2,
  approvals_required: 2,
  reason: null,
  outstanding_principal_paise: 25_000_000,
  accrued_interest_paise: 612_345,
  fees_due_paise: 23_150,
  outstanding_paise: 25_635_495,
  paid_principal_paise: 0,
  paid_interest_paise: 0,
  paid_fees_paise: 0,
  due_now_paise: 4_488_300,
  past_due_paise: 2_267_300,
  interest_due_paise: 575_340,
  principal_due_paise: 3_889_810,
  accrued_not_due_paise: 10_000,
  dpd: 45,
  dpd_bucket: 'sma_1',
  next_due_date: '2027-02-20',
  accrued_through: '2027-02-03',
  pledge_value_paise: null,
  ltv_bps: null,
  margin_state: null,
  created_at: '2026-11-19T06:00:00.000Z',
  disbursed_at: '2026-11-20T06:00:00.000Z',
  closed_at: null,
  client: { id: 'c1', uid: '12345678', name: 'Kavya Iyer' },
  approved_by: ['ops1@firm.in', 'ops2@firm.in'],
  decided_by: null,
  ...extra,
});

export const consoleLoanDetail = (extra: Partial<TConsoleLoanDetail> = {}): TConsoleLoanDetail => ({
  ...consoleLoan(),
  schedule: [],
  pledges: [],
  events: [],
  product_levels: { ltv_bps: null, margin_call_ltv_bps: null, sell_off_ltv_bps: null },
  margin_calls: [],
  ...extra,
});

export function signInAs(roles: TStaffRole[]) {
  session.set({
    token: 't',
    expires_at: '2030-01-01T00:00:00.000Z',
    idle_timeout_s: 1800,
    staff: { id: 's1', email: 'ops@firm.in', name: 'Officer', roles },
    recovery_codes_left: 10,
  });
}
