import { dayText, formatPaise, type TCorporateAction } from '@sampada/shared';

/** How officers name each kind (NSE's words: a split is a sub-division of face value). */
export const KIND_LABELS: Record<TCorporateAction['kind'], string> = {
  split: 'Split (sub-division)',
  consolidation: 'Consolidation',
  bonus: 'Bonus',
  dividend: 'Dividend',
  symbol_change: 'Symbol or name change',
};

/** The statuses as the screen names them: an approved action waits for its ex-date. */
export const STATUS_LABELS: Record<TCorporateAction['status'], string> = {
  proposed: 'Awaiting approval',
  entered: 'Approved',
  applied: 'Applied',
  rejected: 'Rejected',
};
export const STATUS_COLORS: Record<TCorporateAction['status'], string> = {
  proposed: 'yellow',
  entered: 'blue',
  applied: 'teal',
  rejected: 'red',
};

export const SOURCE_LABELS: Record<string, string> = {
  console: 'Console',
  nse_file: 'NSE file',
  cli: 'Operator CLI',
};

/** 'Split 2:1', 'Bonus 1:2', 'Dividend ₹20.00 a share', 'Symbol → SBIN2'. */
export function actionTerms(a: TCorporateAction): string {
  if (a.kind === 'dividend')
    return `Dividend ${a.per_share_paise === null ? '' : formatPaise(a.per_share_paise)} a share`;
  if (a.kind === 'symbol_change')
    return a.new_symbol ? `Symbol ${a.symbol} → ${a.new_symbol}` : 'Name change';
  const ratio = `${a.ratio_new ?? '?'}:${a.ratio_old ?? '?'}`;
  return `${KIND_LABELS[a.kind].replace(' (sub-division)', '')} ${ratio}`;
}

const EXAMPLE_SHARES = 100;

/**
 * What applying does to a holder, said before the officer approves: the ratio on an example
 * of 100 shares, so a ratio entered the wrong way round shows at once.
 */
export function effectOnHolder(a: {
  kind: TCorporateAction['kind'];
  ratio_new?: number | null;
  ratio_old?: number | null;
}): string | null {
  const n = a.ratio_new ?? 0;
  const o = a.ratio_old ?? 0;
  if (a.kind === 'dividend')
    return 'Recorded for every holder at the record date; paid by the company to their bank, no ledger posting.';
  if (a.kind === 'symbol_change') return 'Holdings and their lots move to the new symbol.';
  if (!(n > 0 && o > 0)) return null;
  const after = Math.floor((EXAMPLE_SHARES * n) / o);
  if (a.kind === 'bonus')
    return `A holder of ${EXAMPLE_SHARES} shares receives ${after} more as a new lot at nil cost, acquired on the allotment date.`;
  return `A holder of ${EXAMPLE_SHARES} shares will hold ${after}; total cost is unchanged, so the average price moves by ${o}/${n}.`;
}

/** A trading day (YYYY-MM-DD, an IST calendar day) as '13 Mar 2026'. */
export const formatDay = (day: string | null | undefined) => (day ? dayText(day) : '—');

/** The announcement's own words, when there are any beyond the kind's name (a bare entry's). */
export const purposeOf = (a: TCorporateAction) =>
  a.purpose && a.purpose.toLowerCase() !== a.kind ? a.purpose : null;
