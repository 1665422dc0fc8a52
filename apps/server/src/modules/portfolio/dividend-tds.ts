/**
 * TDS on dividends, section 194: a company deducts 10% from a resident shareholder's dividend
 * once the dividends it has paid them in the financial year, this one included, pass the
 * threshold in force on the payment date — ₹5,000 until 31 March 2025, ₹10,000 from 1 April
 * 2025 (Finance Act 2025). The deduction is on the whole of the dividend that passes it (and
 * every later one), not only the excess; earlier dividends are not reopened. Rounded to the
 * rupee (section 288B). Assumes a PAN on record (KYC requires one): no 20% section 206AA rate.
 */
export const TDS_RATE_BPS = 1_000n;
const THRESHOLD_CHANGE = '2025-04-01';

export const dividendTdsThresholdOn = (paidOn: string): bigint =>
  paidOn < THRESHOLD_CHANGE ? 500_000n : 1_000_000n;

/** Half up to a whole rupee. */
const toRupee = (paise: bigint) => ((paise + 50n) / 100n) * 100n;

export function dividendTds(input: {
  grossPaise: bigint;
  paidOn: string;
  /** Dividends from the same company to the same client earlier in the financial year. */
  earlierInYearPaise: bigint;
}): { tdsPaise: bigint; netPaise: bigint } {
  const { grossPaise, paidOn, earlierInYearPaise } = input;
  const passes = earlierInYearPaise + grossPaise > dividendTdsThresholdOn(paidOn);
  const tdsPaise = passes ? toRupee((grossPaise * TDS_RATE_BPS) / 10_000n) : 0n;
  return { tdsPaise, netPaise: grossPaise - tdsPaise };
}
