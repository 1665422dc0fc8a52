import { istDateOf } from '../../platform/ist.ts';
import type { TaxFill } from './tax-lots.ts';

/**
 * A fill's IST day: the one its loader worked out (tax-pnl.ts, once per fill kept), else from
 * the instant. Lots, intraday pairs and returns ask it of every fill on every answer.
 */
export const fillDay = (f: TaxFill): string => f.day ?? istDateOf(f.executedAt);
