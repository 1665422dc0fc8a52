/**
 * The one home of a corporate action's ratio maths (decision 051): how many shares a holding
 * becomes, and what a price set before the ex-date is worth after it. A split or
 * consolidation of `new:old` turns `old` shares into `new`; a bonus of `new:old` gives `new`
 * more for every `old` held, so `old` become `old + new`; a symbol change moves shares 1:1.
 * Prices move by the inverse of the shares, so a holding's value does not move.
 */
export type ShareRatio = {
  kind: 'split' | 'consolidation' | 'bonus' | 'symbol_change';
  ratioNew: number;
  ratioOld: number;
};

/** Shares after the action per share before it, as the fraction num / den. */
export function shareFactor(a: ShareRatio): { num: number; den: number } {
  if (a.kind === 'symbol_change') return { num: 1, den: 1 };
  if (a.kind === 'bonus') return { num: a.ratioOld + a.ratioNew, den: a.ratioOld };
  return { num: a.ratioNew, den: a.ratioOld };
}

/**
 * Whole shares after the action for `before` held (a fraction is paid in cash by the issuer,
 * outside the firm's books). floor(before × (old + new) / old) is before + floor(before ×
 * new / old), the bonus shares the depositories credit.
 */
export function sharesAfter(a: ShareRatio, before: number): number {
  const { num, den } = shareFactor(a);
  return Number((BigInt(before) * BigInt(num)) / BigInt(den));
}

/**
 * A price in paise set before the ex-date, re-based to the shares after it: × den / num,
 * rounded to the nearest paisa (halves up, as PostgreSQL's `round` on numeric does for the
 * stored rows) and never below one paisa.
 */
export function priceAfter(a: ShareRatio, paise: number): number {
  const { num, den } = shareFactor(a);
  return Math.max(1, Math.round((paise * den) / num));
}

/** A volume in shares before the ex-date counted in the shares after it. */
export function volumeAfter(a: ShareRatio, shares: number): number {
  const { num, den } = shareFactor(a);
  return Math.round((shares * num) / den);
}
