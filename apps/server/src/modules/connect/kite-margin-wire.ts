/** Our charges and holds as Kite's `charges` and margin objects (pure: paise in, wire out). */
import { paiseToRupeeNumber, sumCharges, type TCharges } from '@sampada/shared';

const rupees = paiseToRupeeNumber;

/** Our itemised charges as Kite's `charges` object; `dp_charge` is ours (a sale's DP charge). */
export function kiteCharges(c: TCharges) {
  return {
    transaction_tax: rupees(c.stt_paise),
    transaction_tax_type: 'stt',
    exchange_turnover_charge: rupees(c.exchange_paise),
    sebi_turnover_charge: rupees(c.sebi_paise),
    brokerage: rupees(c.brokerage_paise),
    stamp_duty: rupees(c.stamp_paise),
    dp_charge: rupees(c.dp_paise),
    gst: { igst: rupees(c.gst_paise), cgst: 0, sgst: 0, total: rupees(c.gst_paise) },
    total: rupees(c.total_paise),
  };
}

/** One order's margin in paise, before it is put on the wire. */
export type MarginParts = {
  tradingsymbol: string;
  exchange: string;
  var: bigint;
  additional: bigint;
  total: bigint;
  charges: TCharges;
};

/**
 * A margin object on Kite's wire. Ours are delivery (CNC) equity orders paid in cash:
 * `leverage` 1, and no F&O or intraday parts (`span`, `exposure`, `option_premium`, `bo`,
 * `cash`, `pnl` 0).
 */
export function kiteMargin(type: string, m: MarginParts) {
  return {
    type,
    tradingsymbol: m.tradingsymbol,
    exchange: m.exchange,
    span: 0,
    exposure: 0,
    option_premium: 0,
    additional: rupees(m.additional),
    bo: 0,
    cash: 0,
    var: rupees(m.var),
    pnl: { realised: 0, unrealised: 0 },
    leverage: 1,
    charges: kiteCharges(m.charges),
    total: rupees(m.total),
  };
}

/** A basket's parts summed: Kite's total object has no type, symbol or exchange. */
export function basketParts(parts: MarginParts[]): MarginParts {
  const sum = (pick: (m: MarginParts) => bigint) => parts.reduce((a, m) => a + pick(m), 0n);
  return {
    tradingsymbol: '',
    exchange: '',
    var: sum((m) => m.var),
    additional: sum((m) => m.additional),
    total: sum((m) => m.total),
    charges: sumCharges(parts.map((m) => m.charges)),
  };
}
