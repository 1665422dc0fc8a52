import {
  bpsToPercent,
  DEFAULT_COOLING_OFF_DAYS,
  DEFAULT_RESET_MONTHS,
  paiseToRupeeNumber,
  percentToBps,
  parseRupeesToPaise,
  type TCreditProduct,
  type TCreditProductInput,
} from '@sampada/shared';

export const blank: TCreditProductInput = {
  name: '',
  kind: 'personal',
  repayment: 'emi',
  annual_rate_bps: 1_200,
  tenure_months: [12],
  min_amount_paise: 1_000_000,
  max_amount_paise: 50_000_000,
  ltv_bps: null,
  margin_call_ltv_bps: null,
  sell_off_ltv_bps: null,
  processing_fee_bps: 100,
  cooling_off_days: DEFAULT_COOLING_OFF_DAYS,
  rate_type: 'fixed',
  foreclosure_charge_bps: 0,
  spread_bps: 0,
  reset_months: DEFAULT_RESET_MONTHS,
  // A new product charges no penal charge until the admin sets one (shown as such).
  penal_kind: 'rate',
  penal_rate_bps: 0,
  penal_flat_paise: 0,
  active: true,
};

export const inputOf = (p: TCreditProduct): TCreditProductInput => ({
  name: p.name,
  kind: p.kind,
  repayment: p.repayment,
  annual_rate_bps: p.annual_rate_bps,
  tenure_months: p.tenure_months,
  min_amount_paise: p.min_amount_paise,
  max_amount_paise: p.max_amount_paise,
  ltv_bps: p.ltv_bps,
  margin_call_ltv_bps: p.margin_call_ltv_bps,
  sell_off_ltv_bps: p.sell_off_ltv_bps,
  processing_fee_bps: p.processing_fee_bps,
  cooling_off_days: p.cooling_off_days,
  rate_type: p.rate_type,
  foreclosure_charge_bps: p.foreclosure_charge_bps,
  spread_bps: p.spread_bps ?? 0,
  reset_months: p.reset_months ?? DEFAULT_RESET_MONTHS,
  penal_kind: p.penal_kind,
  penal_rate_bps: p.penal_rate_bps,
  penal_flat_paise: p.penal_flat_paise,
  active: p.active,
});

/** Percent typed, basis points kept (a rate, not money). */
export const pct = (bps: number | null | undefined) => (bps == null ? '' : bpsToPercent(bps));
export const bpsOf = (value: string | number) => (value === '' ? null : percentToBps(value));
/** Rupees typed, paise kept, split at the point (never multiplied as a float). */
export const rupees = (paise: unknown) =>
  typeof paise === 'number' ? paiseToRupeeNumber(paise) : '';
export const paiseOf = (value: string | number) => {
  const parsed = parseRupeesToPaise(String(value));
  return parsed.ok ? Number(parsed.paise) : 0;
};
/** Rupees typed to paise, or null while the text is no amount yet ("500."). */
export const paiseOrNull = (value: string | number) => {
  const parsed = parseRupeesToPaise(String(value));
  return parsed.ok ? Number(parsed.paise) : null;
};
