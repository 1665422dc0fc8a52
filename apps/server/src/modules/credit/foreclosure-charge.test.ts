/** When a foreclosure charge is asked, and how much: the pure rule, case by case. */
import { describe, expect, it } from 'vitest';
import { foreclosureChargeDue } from './foreclosure-charge.ts';

const early = {
  principal: 3_333_333n,
  chargeBps: 200,
  coolingOff: false,
  today: '2026-06-15',
  lastDueDate: '2027-05-29',
};

describe('the foreclosure charge due', () => {
  it('is the charge on the principal outstanding, rounded half up to the paisa', () => {
    expect(foreclosureChargeDue(early)).toBe(66_667n);
    expect(foreclosureChargeDue({ ...early, principal: 25n })).toBe(1n);
    expect(foreclosureChargeDue({ ...early, principal: 24n })).toBe(0n);
  });

  it('is nothing in the cooling-off period', () => {
    expect(foreclosureChargeDue({ ...early, coolingOff: true })).toBe(0n);
  });

  it('is nothing on or after the last due date: paying off a loan that ran its term', () => {
    expect(foreclosureChargeDue({ ...early, today: '2027-05-28' })).toBe(66_667n);
    expect(foreclosureChargeDue({ ...early, today: '2027-05-29' })).toBe(0n);
    expect(foreclosureChargeDue({ ...early, today: '2027-06-02' })).toBe(0n);
    expect(foreclosureChargeDue({ ...early, lastDueDate: null })).toBe(0n);
  });

  it('is nothing when the loan carries no charge', () => {
    expect(foreclosureChargeDue({ ...early, chargeBps: 0 })).toBe(0n);
  });
});
