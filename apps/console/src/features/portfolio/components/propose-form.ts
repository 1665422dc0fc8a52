/**
 * The propose form's rules: the fields a kind needs, each with its own message, then the
 * shared request schema (ZCorporateActionInput) on what is sent — the same check the server
 * makes, so the form cannot send what the server would refuse.
 */
import {
  CORPORATE_ACTION_KINDS,
  isIstDay,
  readRupees,
  ZCorporateActionInput,
  type TCorporateActionInput,
} from '@sampada/shared';
import { z } from 'zod';

export const FORM_MESSAGES = {
  symbol: 'Enter the NSE symbol, e.g. SBIN.',
  day: 'Enter the date as DD/MM/YYYY.',
  exDate: 'Enter the ex-date.',
  ratio: 'Enter whole numbers of shares, e.g. 2 and 1.',
  splitMore: 'A split gives more shares than before: new must be more than old.',
  consolidationFewer: 'A consolidation gives fewer shares than before: new must be less than old.',
  perShare: 'Enter the dividend per share in rupees, e.g. 20 or 2.50.',
  newSymbol: 'Enter the new symbol, the new name, or both.',
} as const;

const SYMBOL = /^[A-Z0-9&_-]{1,20}$/;
const text = z.string().trim();

const ZFields = z.object({
  kind: z.enum(CORPORATE_ACTION_KINDS),
  symbol: text.transform((v) => v.toUpperCase()),
  ex_date: text,
  record_date: text,
  payment_date: text,
  ratio_new: text,
  ratio_old: text,
  per_share: text,
  new_symbol: text.transform((v) => v.toUpperCase()),
  new_name: text,
  purpose: text.max(300),
});
type TFields = z.output<typeof ZFields>;

export const ZProposeForm = ZFields.superRefine((v, ctx) => {
  const problem = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (!SYMBOL.test(v.symbol)) problem('symbol', FORM_MESSAGES.symbol);
  if (!v.ex_date) problem('ex_date', FORM_MESSAGES.exDate);
  for (const field of ['ex_date', 'record_date', 'payment_date'] as const)
    if (v[field] && !isIstDay(v[field])) problem(field, FORM_MESSAGES.day);
  if (v.kind === 'dividend' && !readRupees(v.per_share).ok)
    problem('per_share', FORM_MESSAGES.perShare);
  if (v.kind === 'symbol_change') {
    if (!v.new_symbol && !v.new_name) problem('new_symbol', FORM_MESSAGES.newSymbol);
    else if (v.new_symbol && !SYMBOL.test(v.new_symbol))
      problem('new_symbol', FORM_MESSAGES.symbol);
  }
  if (v.kind === 'split' || v.kind === 'consolidation' || v.kind === 'bonus') {
    const [n, o] = [wholeShares(v.ratio_new), wholeShares(v.ratio_old)];
    if (n === null) problem('ratio_new', FORM_MESSAGES.ratio);
    if (o === null) problem('ratio_old', FORM_MESSAGES.ratio);
    if (n !== null && o !== null) {
      if (v.kind === 'split' && n <= o) problem('ratio_new', FORM_MESSAGES.splitMore);
      if (v.kind === 'consolidation' && n >= o)
        problem('ratio_new', FORM_MESSAGES.consolidationFewer);
    }
  }
})
  .transform(toRequest)
  .pipe(ZCorporateActionInput);

export type TProposeForm = z.input<typeof ZProposeForm>;

function wholeShares(value: string): number | null {
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** Only the fields the kind uses: a ratio left in a hidden field is not sent with a dividend. */
function toRequest(v: TFields): TCorporateActionInput {
  const optional = (value: string) => value || undefined;
  const base = {
    symbol: v.symbol,
    kind: v.kind,
    ex_date: v.ex_date,
    record_date: optional(v.record_date),
    purpose: optional(v.purpose),
  };
  if (v.kind === 'dividend') {
    const read = readRupees(v.per_share);
    return {
      ...base,
      payment_date: optional(v.payment_date),
      per_share_paise: read.ok ? Number(read.paise) : undefined,
    };
  }
  if (v.kind === 'symbol_change')
    return { ...base, new_symbol: optional(v.new_symbol), new_name: optional(v.new_name) };
  return {
    ...base,
    payment_date: v.kind === 'bonus' ? optional(v.payment_date) : undefined,
    ratio_new: Number(v.ratio_new),
    ratio_old: Number(v.ratio_old),
  };
}

export const emptyProposeForm = (): TProposeForm => ({
  kind: 'split',
  symbol: '',
  ex_date: '',
  record_date: '',
  payment_date: '',
  ratio_new: '',
  ratio_old: '',
  per_share: '',
  new_symbol: '',
  new_name: '',
  purpose: '',
});
