import type { TConsoleClaim, TConsoleClaimDetail, TConsoleOffer } from '@sampada/shared';

export const CLAIM_ID = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';
export const OFFER_ID = '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c';
const client = { id: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f', uid: '100001', name: 'Kavya Iyer' };

export const consoleClaim = (overrides: Partial<TConsoleClaim> = {}): TConsoleClaim => ({
  id: CLAIM_ID,
  reference: 'CMP-2026-000042',
  category: 'trade_error',
  status: 'submitted',
  amount_claimed_paise: 1_250_000,
  amount_approved_paise: null,
  description: 'My limit order filled above the limit.',
  related: null,
  decision_due: '2026-03-23',
  overdue: false,
  reason: null,
  approvals: 0,
  approvals_required: 1,
  created_at: '2026-03-02T05:00:00.000Z',
  updated_at: '2026-03-02T05:00:00.000Z',
  decided_at: null,
  paid_at: null,
  client,
  age_days: 3,
  approved_by: [],
  ...overrides,
});

export const claimDetail = (overrides: Partial<TConsoleClaimDetail> = {}): TConsoleClaimDetail => ({
  ...consoleClaim(),
  evidence: ['https://files.example/evidence-1.jpg?sig=a'],
  events: [
    {
      at: '2026-03-02T05:00:00.000Z',
      kind: 'submitted',
      by: 'client',
      message: 'Claim submitted',
      images: ['https://files.example/evidence-1.jpg?sig=a'],
    },
  ],
  prior_claims: [],
  ...overrides,
});

export const consoleOffer = (overrides: Partial<TConsoleOffer> = {}): TConsoleOffer => ({
  id: OFFER_ID,
  title: 'Diwali cashback',
  body: 'A share of your brokerage back.',
  image_url: null,
  kind: 'bonus',
  bonus_kind: 'cashback',
  amount_paise: null,
  cashback_bps: 1_250,
  cashback_cap_paise: 50_000,
  min_vip: 0,
  valid_from: '2026-03-01T00:00:00.000Z',
  valid_until: '2026-03-31T00:00:00.000Z',
  status: 'published',
  budget_paise: 10_000_000,
  budget_used_paise: 2_500_000,
  claims: 50,
  image: null,
  updated_at: '2026-03-01T00:00:00.000Z',
  ...overrides,
});
