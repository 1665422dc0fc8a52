import type { TSettlementBatch, TSettlementLine } from '@sampada/shared';

export const BATCH_ID = '3c4d5e6f-7081-4a2b-9c3d-4e5f60718293';

export const settlementLine = (overrides: Partial<TSettlementLine> = {}): TSettlementLine => ({
  id: '4d5e6f70-8192-4b3c-8d4e-5f6071829304',
  client_id: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  client_name: 'Kavya Iyer',
  client_uid: '100001',
  cycle: 'monthly',
  no_recent_trade: false,
  cash_available_paise: 5_000_000,
  cash_on_hold_paise: 100_000,
  retained: [
    { kind: 'pending_withdrawals', amount_paise: 100_000 },
    { kind: 'loan_dues', amount_paise: 250_000 },
  ],
  payout_paise: 4_750_000,
  paid_paise: null,
  status: 'pending',
  bank_account: 'HDFC Bank ····1234',
  withdrawal_id: null,
  settled_at: null,
  ...overrides,
});

export const settlementBatch = (overrides: Partial<TSettlementBatch> = {}): TSettlementBatch => ({
  id: BATCH_ID,
  date: '2026-11-06',
  status: 'prepared',
  prepared_by: 'maker@sampada.in',
  prepared_at: '2026-11-06T04:30:00.000Z',
  decided_by: null,
  decided_at: null,
  reject_reason: null,
  clients: 1,
  payout_paise: 4_750_000,
  paid_paise: 0,
  lines: [settlementLine()],
  ...overrides,
});
