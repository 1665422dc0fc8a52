/**
 * When closing a loan early costs a foreclosure charge (RBI's directions on pre-payment
 * charges, 2025, and its circular of 2019): only the charge the loan's key fact statement
 * named (kept on the loan, so a later product change does not reach it), never in the
 * cooling-off period, and never once the last instalment has fallen due — paying off a loan
 * that has run its term is no early closure. The product's rate type was checked when the
 * charge was set: a floating-rate product carries none.
 */
import { foreclosureCharge } from './interest.ts';

export function foreclosureChargeDue(input: {
  principal: bigint;
  chargeBps: number;
  coolingOff: boolean;
  today: string;
  /** The loan's last instalment's due date; null when it has none (nothing to foreclose early). */
  lastDueDate: string | null;
}): bigint {
  const { principal, chargeBps, coolingOff, today, lastDueDate } = input;
  if (chargeBps <= 0 || principal <= 0n || coolingOff) return 0n;
  if (lastDueDate === null || today >= lastDueDate) return 0n;
  return foreclosureCharge(principal, chargeBps);
}
