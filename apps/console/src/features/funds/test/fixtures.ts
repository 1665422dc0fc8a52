import type { TConsoleDeposit, TConsoleWithdrawal, TReconciliation } from '@sampada/shared';

export const DEPOSIT_ID = '6a0f6a3e-1c2b-4d6e-9f10-2b3c4d5e6f70';
export const WITHDRAWAL_ID = '7b1e7b4f-2d3c-4e7f-8a21-3c4d5e6f7081';
const client = {
  id: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  uid: '100001',
  name: 'Kavya Iyer',
  mobile: '9876543210',
};

export const consoleDeposit = (overrides: Partial<TConsoleDeposit> = {}): TConsoleDeposit => ({
  id: DEPOSIT_ID,
  amount_paise: 2500050,
  method: 'IMPS',
  utr: '412345678901',
  receipt_url: 'https://files.example/receipt.jpg?sig=abc',
  status: 'pending',
  reason: null,
  posting_id: null,
  created_at: '2026-03-02T05:00:00.000Z',
  decided_at: null,
  client,
  decided_by: null,
  ...overrides,
});

export const consoleWithdrawal = (
  overrides: Partial<TConsoleWithdrawal> = {},
): TConsoleWithdrawal => ({
  id: WITHDRAWAL_ID,
  amount_paise: 1000000,
  bank_card: {
    id: '2e3f4051-6b7c-4d8e-9fa0-1b2c3d4e5f60',
    holder_name: 'Kavya Iyer',
    account_number: 'XXXXXX1234',
    account_last4: '1234',
    ifsc: 'HDFC0000240',
    bank_name: 'HDFC Bank',
  },
  status: 'pending',
  reason: null,
  bank_reference: null,
  created_at: '2026-03-03T05:00:00.000Z',
  decided_at: null,
  client,
  payout_account_number: '50100012341234',
  decided_by: null,
  ...overrides,
});

export const reconciliation = (overrides: Partial<TReconciliation> = {}): TReconciliation => ({
  ok: true,
  checked_at: '2026-03-03T06:00:00.000Z',
  counts: { accounts: 3, postings: 1, lines: 2 },
  discrepancies: [],
  firm_accounts: [{ account: 'bank_clearing', balance_paise: -2500050 }],
  client_totals: { cash_available_paise: 2500050, cash_on_hold_paise: 0 },
  ...overrides,
});

export const page = <T>(items: T[], next_cursor: string | null = null) => ({ items, next_cursor });
