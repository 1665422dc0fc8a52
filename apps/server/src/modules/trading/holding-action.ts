import { sharesAfter } from '@sampada/shared';

export type HoldingAction = {
  id: string;
  symbol: string;
  kind: 'split' | 'consolidation' | 'bonus' | 'symbol_change';
  ratioNew: number;
  ratioOld: number;
  newSymbol: string | null;
  exDate: string;
  /** A bonus's allotment day (the record date when the issuer has not said). */
  allotDate: string;
};

/** Shares after the action for `before` shares held (the ratio maths: shared's corporate-ratio). */
export const quantityAfter = (
  a: Pick<HoldingAction, 'kind' | 'ratioNew' | 'ratioOld'>,
  before: number,
) => sharesAfter(a, before);

/** A split's or consolidation's new shares are as pledged as the old; a bonus's arrive free. */
export const pledgedAfter = (a: HoldingAction, pledged: number) =>
  a.kind === 'split' || a.kind === 'consolidation' ? sharesAfter(a, pledged) : pledged;
