/** When a foreclosure charge is asked, and how much, with its GST: the pure rule, case by case. */
import { describe, expect, it } from 'vitest';
import { foreclosureChargeDue } from './foreclosure-charge.ts';
import { processingFee } from './interest.ts';

const early = {
  principal: 3_333_333n,
  chargeBps: 200,
  coolingOff: false,
  today: '2026-06-15',
  lastDueDate: '2027-05-29',
};
const nil = { charge: 0n, gst: 0n };

describe('the foreclosure charge due', () => {
  it('is the charge on the principal outstanding and 18% GST on it, each rounded half up to the paisa', () => {
    // 2% of ₹33,333.33 is ₹666.6666 → ₹666.67; 18% of that is ₹120.0006 → ₹120.00.
    expect(foreclosureChargeDue(early)).toEqual({ charge: 66_667n, gst: 12_000n });
    // 2% of ₹500.14 is ₹10.0028 → ₹10.00; GST on it ₹1.80.
    expect(foreclosureChargeDue({ ...early, principal: 50_014n })).toEqual({
      charge: 1_000n,
      gst: 180n,
    });
    // GST rounds half up: 18% of 25 paise is 4.5 → 5; of 24 paise 4.32 → 4.
    expect(foreclosureChargeDue({ ...early, principal: 1_250n })).toEqual({ charge: 25n, gst: 5n });
    expect(foreclosureChargeDue({ ...early, principal: 1_200n })).toEqual({ charge: 24n, gst: 4n });
    expect(foreclosureChargeDue({ ...early, principal: 25n })).toEqual({ charge: 1n, gst: 0n });
    expect(foreclosureChargeDue({ ...early, principal: 24n })).toEqual(nil);
  });

  it("taxes the charge as the processing fee's GST is taxed: one rate, one rounding", () => {
    for (const principal of [1n, 25n, 1_250n, 99_999n, 3_333_333n, 123_456_789n]) {
      // A processing fee of the same basis points on the same amount: the same fee and GST.
      const { fee, gst } = processingFee(principal, 200);
      expect(foreclosureChargeDue({ ...early, principal })).toEqual({ charge: fee, gst });
    }
  });

  it('is nothing, GST included, in the cooling-off period', () => {
    expect(foreclosureChargeDue({ ...early, coolingOff: true })).toEqual(nil);
  });

  it('is nothing on or after the last due date: paying off a loan that ran its term', () => {
    expect(foreclosureChargeDue({ ...early, today: '2027-05-28' })).toEqual({
      charge: 66_667n,
      gst: 12_000n,
    });
    expect(foreclosureChargeDue({ ...early, today: '2027-05-29' })).toEqual(nil);
    expect(foreclosureChargeDue({ ...early, today: '2027-06-02' })).toEqual(nil);
    expect(foreclosureChargeDue({ ...early, lastDueDate: null })).toEqual(nil);
  });

  it('is nothing when the loan carries no charge', () => {
    expect(foreclosureChargeDue({ ...early, chargeBps: 0 })).toEqual(nil);
  });
});
