/**
 * When closing a loan early costs a foreclosure charge (RBI's directions on pre-payment
 * charges, 2025, and its circular of 2019): only the charge the loan's key fact statement
 * named (kept on the loan, so a later product change does not reach it), never in the
 * cooling-off period, and never once the last instalment has fallen due — paying off a loan
 * that has run its term is no early closure. The product's rate type was checked when the
 * charge was set: a floating-rate product carries none. GST is added on top of the charge,
 * at the processing fee's rate and rounding: the charge is a taxable supply, so no charge
 * means no GST.
 */
import { foreclosureCharge, gstOn } from './interest.ts';

export type ForeclosureChargeDue = { charge: bigint; gst: bigint };
const NONE: ForeclosureChargeDue = { charge: 0n, gst: 0n };

export function foreclosureChargeDue(input: {
  principal: bigint;
  chargeBps: number;
  coolingOff: boolean;
  today: string;
  /** The loan's last instalment's due date; null when it has none (nothing to foreclose early). */
  lastDueDate: string | null;
}): ForeclosureChargeDue {
  const { principal, chargeBps, coolingOff, today, lastDueDate } = input;
  if (chargeBps <= 0 || principal <= 0n || coolingOff) return NONE;
  if (lastDueDate === null || today >= lastDueDate) return NONE;
  const charge = foreclosureCharge(principal, chargeBps);
  return { charge, gst: gstOn(charge) };
}
