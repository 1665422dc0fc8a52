/**
 * Money in one form (docs/decisions/011): integer paise everywhere the app computes or sends
 * money, and this file as the one home of the conversions between paise and rupees, of the
 * rupee text people type and of the percentages of paise. ESLint bans `.toFixed(` and
 * arithmetic with 100 in the money folders and points here; only this file may divide by 100.
 */

export const PAISE_PER_RUPEE = 100n;

// ---------- Paise as JSON ----------

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Paise (bigint) as a whole JSON number: exact up to ₹90 lakh crore; beyond it a bug, never a rounding. */
export function paiseNumber(paise: bigint): number {
  if (paise > SAFE || paise < -SAFE)
    throw new RangeError(`Paise ${paise} exceed a safe JSON number`);
  return Number(paise);
}

// ---------- Showing paise ----------

const grouping = new Intl.NumberFormat('en-IN');

/** Paise as '₹12,34,567.89' (Indian grouping, 2 decimals), digit by digit: no float on the way. */
export function formatPaise(paise: bigint | number): string {
  const value = BigInt(paise);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const fraction = (abs % PAISE_PER_RUPEE).toString().padStart(2, '0');
  return `${negative ? '-' : ''}₹${grouping.format(abs / PAISE_PER_RUPEE)}.${fraction}`;
}

/** A count (shares, lots, characters) with the same Indian grouping: 1234567 → '12,34,567'. */
export const formatCount = (count: number): string => grouping.format(count);

/** A gain or loss: '+₹1,234.50', '-₹80.00', '₹0.00'. */
export function formatSignedPaise(paise: bigint | number): string {
  const value = BigInt(paise);
  return value > 0n ? `+${formatPaise(value)}` : formatPaise(value);
}

/** Paise as the rupee text a request's price field takes: 123450 → '1234.50'. */
export function paiseToRupeeText(paise: bigint | number): string {
  const value = BigInt(paise);
  const abs = value < 0n ? -value : value;
  const fraction = (abs % PAISE_PER_RUPEE).toString().padStart(2, '0');
  return `${value < 0n ? '-' : ''}${abs / PAISE_PER_RUPEE}.${fraction}`;
}

/**
 * Paise as a rupee number, only for the fields the spec itself gives in rupees (the market
 * data's prices). A whole number of paise divided by 100 is correctly rounded, so the result is
 * the same number as parsing the decimal text '1234.50'.
 */
export function paiseToRupeeNumber(paise: bigint | number): number {
  return Number(paise) / 100;
}

// ---------- Reading rupees ----------

export type TRupeesProblem =
  'required' | 'not_number' | 'negative' | 'decimals' | 'zero' | 'too_large';
export type TRupeesRead = { ok: true; paise: bigint } | { ok: false; problem: TRupeesProblem };

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Rupees a person typed ('20000.50', ' 7.5 ', or a number from a number input) to integer paise,
 * exactly: the decimal text is split at the point, never multiplied as a float. At most 2
 * decimals; zero only when `allowZero`; never negative; at most `maxPaise`. The problems come
 * in this order: required, not a number, negative, more than 2 decimals, zero, too large.
 * `parseRupeesToPaise` (funds) and `rupeePrice` (trading) give each problem its message.
 */
export function readRupees(
  value: unknown,
  rules: { allowZero?: boolean; maxPaise?: bigint } = {},
): TRupeesRead {
  if (value === undefined || value === null || value === '')
    return { ok: false, problem: 'required' };
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, problem: 'not_number' };
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text === '') return { ok: false, problem: 'required' };
  } else return { ok: false, problem: 'not_number' };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'not_number' };
  const [, sign, whole, fraction = ''] = match;
  const isZero = /^0+$/.test(whole!) && /^0*$/.test(fraction);
  if (sign && !isZero) return { ok: false, problem: 'negative' };
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  if (isZero && !rules.allowZero) return { ok: false, problem: 'zero' };
  const max = rules.maxPaise;
  // Digits first, so that a thousand-digit text is refused before it becomes a bigint.
  if (max !== undefined && whole!.replace(/^0+/, '').length > String(max / PAISE_PER_RUPEE).length)
    return { ok: false, problem: 'too_large' };
  const paise = BigInt(whole!) * PAISE_PER_RUPEE + BigInt(fraction.padEnd(2, '0'));
  if (max !== undefined && paise > max) return { ok: false, problem: 'too_large' };
  return { ok: true, paise };
}

/**
 * A rupee figure that is not typed by a person: a price the market data sends as a number
 * (spec: rupees with 2 decimals) or a price column of a reference file ('2456.1050'). Read
 * through its decimal text; digits past the paisa round half away from zero.
 */
export function rupeesToPaise(rupees: number | string): bigint {
  const text = typeof rupees === 'number' ? String(rupees) : rupees.trim();
  const match = DECIMAL.exec(text);
  if (!match) {
    // String() writes numbers below a millionth with an exponent: far below half a paisa.
    if (typeof rupees === 'number' && Math.abs(rupees) < 1e-6) return 0n;
    throw new RangeError(`Not a rupee amount: ${text}`);
  }
  const [, sign, whole, fraction = ''] = match;
  let paise = BigInt(whole!) * PAISE_PER_RUPEE + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (fraction.length > 2 && fraction[2]! >= '5') paise += 1n;
  return sign ? -paise : paise;
}

// ---------- Dividing paise ----------

/** a / b rounded down (towards minus infinity), b ≠ 0. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** n / d rounded half up (as Math.round does), exactly; d ≠ 0. An average price, say. */
export function divideRounded(n: bigint, d: bigint): bigint {
  const [num, den] = d < 0n ? [-n, -d] : [n, d];
  return floorDiv(num * 2n + den, den * 2n);
}

/** pct percent of `paise`, rounded down or up to the paisa: a ±3% band, a 3% buffer. */
export function percentOf(paise: bigint, pct: number, rounding: 'down' | 'up' = 'down'): bigint {
  if (!Number.isInteger(pct)) throw new RangeError(`Whole percentages only: ${pct}`);
  const scaled = paise * BigInt(pct);
  return rounding === 'down' ? floorDiv(scaled, 100n) : -floorDiv(-scaled, 100n);
}

const toBigInt = (value: bigint | number) => (typeof value === 'bigint' ? value : BigInt(value));

/** part / whole as a number with 2 decimals, rounded half up; 0 when whole is 0 (2.35 times). */
export function ratio(part: bigint | number, whole: bigint | number): number {
  const d = toBigInt(whole);
  return d === 0n ? 0 : Number(divideRounded(toBigInt(part) * 100n, d)) / 100;
}

/** part as a percentage of whole with 2 decimals, rounded half up; 0 when whole is 0 (12.35). */
export function percentage(part: bigint | number, whole: bigint | number): number {
  const d = toBigInt(whole);
  return d === 0n ? 0 : Number(divideRounded(toBigInt(part) * 10_000n, d)) / 100;
}
