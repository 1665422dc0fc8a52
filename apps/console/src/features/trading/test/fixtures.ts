import {
  DEFAULT_CHARGES,
  NO_CHARGES,
  type TAllotmentResult,
  type TDeskOrder,
  type TInstitutionalOffering,
  type TInstrumentReference,
  type TIpoIssue,
  type TOtcQuote,
} from '@sampada/shared';

export const ALLOCATION_ID = '3c4d5e6f-7081-4a2b-9c3d-4e5f60718293';
export const QUOTE_ID = '4d5e6f70-8192-4b3c-8d4e-5f6071829304';
export const IPO_ID = '5e6f7081-92a3-4c4d-9e5f-607182930415';
export const ORDER_ID = '6f708192-a3b4-4d5e-8f60-718293041526';
export const CLIENT_ID = '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

export const allocation = (
  overrides: Partial<TInstitutionalOffering> = {},
): TInstitutionalOffering => ({
  kind: 'institutional',
  id: ALLOCATION_ID,
  symbol: 'TCS',
  name: 'Tata Consultancy Services',
  sector: 'Information Technology',
  price_paise: 345050,
  market_price_paise: 351000,
  quantity: 5000,
  allocated: 1200,
  remaining: 3800,
  opens_at: '2026-03-02T03:30:00.000Z',
  closes_at: '2026-03-06T10:00:00.000Z',
  status: 'open',
  note: null,
  created_at: '2026-03-01T05:00:00.000Z',
  ...overrides,
});

export const otcQuote = (overrides: Partial<TOtcQuote> = {}): TOtcQuote => ({
  kind: 'otc',
  id: QUOTE_ID,
  symbol: 'RELIANCE',
  name: 'Reliance Industries',
  sector: 'Energy',
  side: 'buy',
  price_paise: 128000,
  reference_price_paise: 127500,
  market_price_paise: 127900,
  quantity: 2000,
  taken: 500,
  remaining: 1500,
  valid_until: '2026-03-02T08:50:00.000Z',
  status: 'open',
  note: null,
  created_at: '2026-03-02T03:15:00.000Z',
  ...overrides,
});

export const reference = (overrides: Partial<TInstrumentReference> = {}): TInstrumentReference => ({
  symbol: 'RELIANCE',
  name: 'Reliance Industries',
  price_paise: 127900,
  prev_close_paise: 127500,
  otc_lower_paise: 123675,
  otc_upper_paise: 131325,
  ...overrides,
});

export const ipoIssue = (overrides: Partial<TIpoIssue> = {}): TIpoIssue => ({
  kind: 'ipo',
  id: IPO_ID,
  symbol: 'NEWCO',
  name: 'Newco Technologies',
  sector: 'Information Technology',
  industry: 'Software',
  isin: null,
  description: 'A software maker.',
  price_low_paise: 28500,
  price_high_paise: 30000,
  lot_size: 50,
  min_bid_paise: 1500000,
  max_lots: 13,
  min_lots: 2,
  shares_offered: 10000,
  open_date: '2026-03-02',
  close_date: '2026-03-04',
  listing_date: '2026-03-09',
  status: 'open',
  applications: 42,
  lots_applied: 470,
  subscription: 2.35,
  issue_price_paise: null,
  allotment_seed: null,
  allotted_at: null,
  listed_at: null,
  created_at: '2026-02-25T05:00:00.000Z',
  ...overrides,
});

export const allotmentResult = (overrides: Partial<TAllotmentResult> = {}): TAllotmentResult => ({
  ipo_id: IPO_ID,
  seed: '0123456789abcdef0123456789abcdef',
  method: 'lottery',
  issue_price_paise: 30000,
  lots_offered: 200,
  lots_applied: 470,
  applicants: 3,
  allotted_applicants: 2,
  lots_allotted: 2,
  refunded_paise: 6000000,
  allotments: [
    { order_id: 'o-1', client_uid: '100001', lots_applied: 2, lots_allotted: 1 },
    { order_id: 'o-2', client_uid: '100002', lots_applied: 3, lots_allotted: 1 },
    { order_id: 'o-3', client_uid: '100003', lots_applied: 2, lots_allotted: 0 },
  ],
  ...overrides,
});

export const deskOrder = (overrides: Partial<TDeskOrder> = {}): TDeskOrder => ({
  id: ORDER_ID,
  type: 'institutional',
  side: 'buy',
  symbol: 'TCS',
  name: 'Tata Consultancy Services',
  status: 'awaiting',
  quantity: 100,
  filled_quantity: 0,
  price_paise: 345050,
  trigger_price_paise: null,
  triggered_at: null,
  average_price_paise: null,
  hold_paise: 34540000,
  charges: NO_CHARGES,
  offering_id: ALLOCATION_ID,
  lots: null,
  lot_size: null,
  reason: null,
  valid_until: null,
  origin: null,
  created_at: '2026-03-02T05:00:00.000Z',
  updated_at: '2026-03-02T05:00:00.000Z',
  fills: [],
  client: { id: CLIENT_ID, name: 'Kavya Iyer', uid: '100001' },
  ...overrides,
});

export const charges = () => ({ ...DEFAULT_CHARGES });

export const page = <T>(items: T[], next_cursor: string | null = null) => ({ items, next_cursor });
