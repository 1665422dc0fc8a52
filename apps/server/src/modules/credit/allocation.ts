/**
 * Where a repayment goes — the one rule (docs/api-credit.md "Repayment allocation"):
 *
 *   1. penal charges due,
 *   2. interest due (billed at instalments' due dates and unpaid),
 *   3. principal due (instalments' principal past its due date or due today),
 *   4. the rest is a prepayment of future principal — except that a payment at least as large
 *      as all the future principal pays the interest accrued but not yet due first (the
 *      closing order: a loan is never left owing only unbilled interest).
 *
 * Penal charges first follows Fineract's default "penalties, fees, interest, principal"
 * order; RBI's 2023 circular asks only that they are charged separately and not compounded,
 * which the ledger's separate fees line keeps. A payment never takes more than is owed (the
 * caller refuses an amount above the outstanding: `unused` is what was left).
 */
export type Owed = {
  penal: bigint;
  interestDue: bigint;
  principalDue: bigint;
  /** Interest accrued on days since the last due date: billed at the next one. */
  interestNotDue: bigint;
  /** Principal of instalments not yet due. */
  principalNotDue: bigint;
};

export type Allocation = {
  penal: bigint;
  /** Interest paid: the due part, and the not-due part when the payment closes the loan. */
  interest: bigint;
  /** Principal paid: the due part and the prepayment. */
  principal: bigint;
  /** Of `principal`, what went to instalments not yet due (the schedule is recomputed). */
  prepaid: bigint;
  unused: bigint;
};

const min = (a: bigint, b: bigint) => (a < b ? a : b);

export function allocateRepayment(amount: bigint, owed: Owed): Allocation {
  if (amount < 0n) throw new Error('allocateRepayment: negative amount');
  let left = amount;
  const take = (cap: bigint) => {
    const part = min(left, cap);
    left -= part;
    return part;
  };
  const penal = take(owed.penal);
  const interestDue = take(owed.interestDue);
  const principalDue = take(owed.principalDue);
  // Enough for all future principal: the unbilled interest comes first (the closing order).
  const interestNotDue = left >= owed.principalNotDue ? take(owed.interestNotDue) : 0n;
  const prepaid = take(owed.principalNotDue);
  return {
    penal,
    interest: interestDue + interestNotDue,
    principal: principalDue + prepaid,
    prepaid,
    unused: left,
  };
}
