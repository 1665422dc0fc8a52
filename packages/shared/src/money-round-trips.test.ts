/**
 * Paise to rupee text and back, for every amount: what formatPaise shows, what a client
 * types back (parseRupeesToPaise), what a price field carries and what the market data sends
 * all land on the same paise, and the divisions of paise round as they say.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FM, MAX_TRANSFER_PAISE, parseRupeesToPaise } from './funds.ts';
import {
  divideRounded,
  formatPaise,
  formatSignedPaise,
  paiseNumber,
  paiseToRupeeNumber,
  paiseToRupeeText,
  percentage,
  percentOf,
  ratio,
  readRupees,
  rupeesToPaise,
} from './money.ts';
import { marketBuyHoldValue, rupeePrice, TM } from './trading.ts';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const transferable = fc.bigInt({ min: 1n, max: MAX_TRANSFER_PAISE });
const anyPaise = fc.bigInt({ min: -SAFE, max: SAFE });
/** Digits a person might type: leading zeros, 0 to 2 decimals, spaces around. */
const typed = fc.record({
  zeros: fc.nat(3),
  whole: fc.bigInt({ min: 0n, max: 9_999_999n }),
  fraction: fc.oneof(
    fc.constant(''),
    fc.integer({ min: 0, max: 9 }).map(String),
    fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')),
  ),
  spaces: fc.boolean(),
});

const shown = (paise: bigint) => formatPaise(paise).replace(/[₹,]/g, '');

describe('paise to rupee text and back', () => {
  it('reads back what formatPaise shows, for every amount a client may move', () => {
    fc.assert(
      fc.property(transferable, (paise) => {
        expect(parseRupeesToPaise(shown(paise))).toEqual({ ok: true, paise });
        expect(parseRupeesToPaise(paiseToRupeeText(paise))).toEqual({ ok: true, paise });
      }),
    );
  });

  it('shows every amount, negative ones too, with Indian grouping and the same digits as the price text', () => {
    fc.assert(
      fc.property(anyPaise, (paise) => {
        const text = formatPaise(paise);
        expect(text).toMatch(/^-?₹(\d{1,2},(\d{2},)*\d{3}|\d{1,3})\.\d{2}$/);
        expect(shown(paise)).toBe(paiseToRupeeText(paise));
        expect(rupeesToPaise(paiseToRupeeText(paise))).toBe(paise);
      }),
    );
  });

  it('reads a number from a number input exactly, where the float product would drift', () => {
    fc.assert(
      fc.property(transferable, (paise) => {
        const rupees = paiseToRupeeNumber(paise);
        expect(parseRupeesToPaise(rupees)).toEqual({ ok: true, paise });
        expect(rupeesToPaise(rupees)).toBe(paise);
      }),
    );
    // The float product is the bug this replaces: 0.29 × 100 is 28.999999999999996.
    expect(Math.trunc(0.29 * 100)).toBe(28);
    expect(parseRupeesToPaise(0.29)).toEqual({ ok: true, paise: 29n });
  });

  it('reads what a person types: leading zeros, one or two decimals, spaces around', () => {
    fc.assert(
      fc.property(typed, ({ zeros, whole, fraction, spaces }) => {
        const digits = `${'0'.repeat(zeros)}${whole}${fraction ? `.${fraction}` : ''}`;
        const text = spaces ? ` ${digits} ` : digits;
        const expected = whole * 100n + BigInt(fraction.padEnd(2, '0'));
        const read = readRupees(text, { allowZero: true });
        expect(read).toEqual({ ok: true, paise: expected });
        if (expected > 0n) expect(rupeePrice('x').parse(text)).toBe(expected);
      }),
    );
  });

  it('refuses a third decimal, a sign and anything past the cap, with the message for each', () => {
    fc.assert(
      fc.property(transferable, fc.integer({ min: 1, max: 9 }), (paise, digit) => {
        const text = paiseToRupeeText(paise);
        expect(parseRupeesToPaise(`${text}${digit}`)).toEqual({
          ok: false,
          message: FM.amountDecimals,
        });
        expect(parseRupeesToPaise(`-${text}`)).toEqual({ ok: false, message: FM.amountNegative });
        expect(rupeePrice('x').safeParse(`${text}${digit}`).error?.issues[0]?.message).toBe(
          TM.priceInvalid,
        );
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: MAX_TRANSFER_PAISE + 1n, max: 10n ** 30n }), (paise) => {
        expect(parseRupeesToPaise(paiseToRupeeText(paise))).toEqual({
          ok: false,
          message: FM.amountTooLarge,
        });
      }),
    );
  });

  it('rounds a reference price past the paisa half away from zero, on its decimal digits', () => {
    expect(rupeesToPaise('2456.1050')).toBe(245_611n);
    expect(rupeesToPaise('2456.1049')).toBe(245_610n);
    expect(rupeesToPaise('12.345')).toBe(1235n); // the float 12.345 × 100 is 1234.4999…
    expect(rupeesToPaise(1e-7)).toBe(0n);
    expect(() => rupeesToPaise('12a')).toThrow(RangeError);
  });

  it('signs a gain and a loss, and keeps zero unsigned', () => {
    fc.assert(
      fc.property(anyPaise, (paise) => {
        const text = formatSignedPaise(paise);
        if (paise > 0n) expect(text).toBe(`+${formatPaise(paise)}`);
        else expect(text).toBe(formatPaise(paise));
      }),
    );
    expect(formatSignedPaise(0)).toBe('₹0.00');
  });

  it('sends paise as whole JSON numbers, and refuses what a number cannot hold exactly', () => {
    fc.assert(
      fc.property(anyPaise, (paise) => {
        expect(BigInt(paiseNumber(paise))).toBe(paise);
      }),
    );
    expect(() => paiseNumber(SAFE + 1n)).toThrow(RangeError);
  });
});

describe('dividing paise', () => {
  it('rounds a quotient half up, as Math.round does, but exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (n, d) => {
          // + 0: Math.round(-0.4) is -0, a bigint has no negative zero.
          expect(Number(divideRounded(BigInt(n), BigInt(d)))).toBe(Math.round(n / d) + 0);
          expect(Number(divideRounded(BigInt(n), BigInt(-d)))).toBe(Math.round(n / -d) + 0);
        },
      ),
    );
  });

  it('takes a percentage down or up to the paisa, never more than one paisa apart', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.nat(100), (paise, pct) => {
        const down = percentOf(paise, pct, 'down');
        const up = percentOf(paise, pct, 'up');
        const hundredfold = paise * BigInt(pct);
        expect(down * 100n <= hundredfold && hundredfold <= up * 100n).toBe(true);
        expect(up - down).toBe(hundredfold % 100n === 0n ? 0n : 1n);
      }),
    );
    expect(marketBuyHoldValue(1_000_001n)).toBe(1_030_002n); // 30,000.03 rounds up
  });

  it('gives ratios and percentages with 2 decimals, and 0 over nothing', () => {
    expect(ratio(47, 20)).toBe(2.35);
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(5, 0)).toBe(0);
    expect(percentage(1n, 8n)).toBe(12.5);
    expect(percentage(-1n, 3n)).toBe(-33.33);
    expect(percentage(2n, 3n)).toBe(66.67);
    expect(percentage(7n, 0n)).toBe(0);
  });
});
