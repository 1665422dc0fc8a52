import {
  DEFAULT_CHARGES,
  NO_CHARGES,
  type THolding,
  type TInstitutionalOffering,
  type TIpoIssue,
  type TOrder,
  type TOtcQuote,
} from '@sampada/shared';
import type { THttpConfig } from '../lib/http';
import { ok } from './http';

/** Trading answers as the server sends them (docs/api-trading.md), for the web tests. */

export const INSTITUTIONAL_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
export const OTC_BUY_ID = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';
export const OTC_SELL_ID = '9d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a';
export const IPO_ID = 'c0ffee00-1234-4abc-9def-0123456789ab';

export const institutional: TInstitutionalOffering = {
  kind: 'institutional',
  id: INSTITUTIONAL_ID,
  symbol: 'HDFCBANK',
  name: 'HDFC Bank',
  sector: 'Financial Services',
  price_paise: 140_250,
  market_price_paise: 141_000,
  quantity: 10_000,
  allocated: 5_000,
  remaining: 5_000,
  opens_at: '2026-11-21T03:45:00.000Z',
  closes_at: '2026-11-21T10:00:00.000Z',
  status: 'open',
  note: null,
  created_at: '2026-11-20T12:00:00.000Z',
};

export const otcBuy: TOtcQuote = {
  kind: 'otc',
  id: OTC_BUY_ID,
  symbol: 'INFY',
  name: 'Infosys',
  sector: 'Information Technology',
  side: 'buy',
  price_paise: 150_000,
  reference_price_paise: 151_000,
  market_price_paise: 150_500,
  quantity: 2_000,
  taken: 500,
  remaining: 1_500,
  valid_until: '2026-11-21T08:50:00.000Z',
  status: 'open',
  note: 'Block from a fund rebalancing',
  created_at: '2026-11-21T03:00:00.000Z',
};

export const otcSell: TOtcQuote = {
  ...otcBuy,
  id: OTC_SELL_ID,
  symbol: 'TCS',
  name: 'Tata Consultancy Services',
  side: 'sell',
  price_paise: 400_000,
  reference_price_paise: 398_000,
  market_price_paise: 399_000,
  note: null,
};

export const ipo: TIpoIssue = {
  kind: 'ipo',
  id: IPO_ID,
  symbol: 'ACMEIND',
  name: 'Acme Industries',
  sector: 'Capital Goods',
  industry: 'Industrial Machinery',
  isin: null,
  description: null,
  price_low_paise: 9_000,
  price_high_paise: 9_500,
  lot_size: 150,
  min_bid_paise: 1_425_000,
  max_lots: 14,
  min_lots: 2,
  shares_offered: 1_500_000,
  open_date: '2026-11-20',
  close_date: '2026-11-24',
  listing_date: '2026-11-27',
  status: 'open',
  applications: 1_204,
  lots_applied: 12_500,
  subscription: 1.25,
  issue_price_paise: null,
  allotment_seed: null,
  allotted_at: null,
  listed_at: null,
  created_at: '2026-11-18T12:00:00.000Z',
};

export const profile = (hasPin = true, kycStatus = 'approved') =>
  ok({
    id: 'C1',
    name: 'Priya Sharma',
    username: '+919876543210',
    has_pin: hasPin,
    kycStatus,
  });

/** GET /stat/app/v1/asset with this much cash available. */
export const assets = (cashPaise = 5_000_000) =>
  ok({
    currency: 'INR',
    cash_available_paise: cashPaise,
    cash_on_hold_paise: 0,
    invested_value_paise: 0,
    holdings_tracked: true,
    holdings_value_paise: 0,
    unrealised_pnl_paise: 0,
    total_paise: cashPaise,
    loan_balance_paise: 0,
  });

export const charges = ok(DEFAULT_CHARGES);

export const holding = (symbol: string, extra: Partial<THolding> = {}): THolding => ({
  symbol,
  name: `${symbol} Ltd`,
  sector: 'Information Technology',
  quantity: 100,
  reserved: 0,
  pledged: 0,
  average_cost_paise: 380_000,
  invested_paise: 38_000_000,
  price_paise: 400_000,
  prev_close_paise: 395_000,
  current_value_paise: 40_000_000,
  unrealised_pnl_paise: 2_000_000,
  unrealised_pnl_pct: 5.26,
  day_pnl_paise: 500_000,
  realised_pnl_paise: 0,
  listed: true,
  listing_date: null,
  ...extra,
});

export const order = (extra: Partial<TOrder> = {}): TOrder => ({
  id: '11111111-2222-4333-8444-555555555555',
  type: 'institutional',
  side: 'buy',
  symbol: 'HDFCBANK',
  name: 'HDFC Bank',
  status: 'awaiting',
  quantity: 20,
  filled_quantity: 0,
  price_paise: 140_250,
  trigger_price_paise: null,
  triggered_at: null,
  average_price_paise: null,
  hold_paise: 2_810_682,
  charges: NO_CHARGES,
  offering_id: INSTITUTIONAL_ID,
  lots: null,
  lot_size: null,
  reason: null,
  valid_until: null,
  origin: null,
  created_at: '2026-11-21T05:00:00.000Z',
  updated_at: '2026-11-21T05:00:00.000Z',
  fills: [],
  ...extra,
});

export const idempotencyKeyOf = (config: THttpConfig) =>
  config.headers.get('Idempotency-Key') ?? undefined;
