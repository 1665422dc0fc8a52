/**
 * Money in requests (docs/decisions/062): a person types rupees, so a request carries an amount
 * as rupee text (`amount: '250000.50'`) read exactly by `readRupees`, and the schema hands the
 * services its paise under the response's name (`amount_paise`), so no service reads rupees.
 * Credit and compensation took the paise integer until now; for one release the old field is
 * still read (marked deprecated in the OpenAPI document), and both sent disagreeing is a 400.
 */
import { z } from 'zod';
import { FM } from './funds.ts';
import { formatPaise, readRupees, type TRupeesProblem } from './money.ts';

/** What a rupee field says when it is missing and when it is too large; the rest is shared. */
export type TRupeeFieldRules = { required: string; maxPaise: bigint; tooLarge: string };

/** Funds' messages (the client app translates them already), the field's own two apart. */
const problemMessages = (rules: TRupeeFieldRules): Record<TRupeesProblem, string> => ({
  required: rules.required,
  not_number: FM.amountNotNumber,
  negative: FM.amountNegative,
  decimals: FM.amountDecimals,
  zero: FM.amountZero,
  too_large: rules.tooLarge,
});

/** Rupee text ('250000', '250000.50') or a number input's number → bigint paise, exactly. */
export const rupeeText = (rules: TRupeeFieldRules) => {
  const messages = problemMessages(rules);
  return z
    .union([z.string(), z.number()], { error: rules.required })
    .transform((value, ctx) => {
      const read = readRupees(value, { maxPaise: rules.maxPaise });
      if (read.ok) return read.paise;
      ctx.addIssue({ code: 'custom', message: messages[read.problem] });
      return z.NEVER;
    })
    .meta({ description: 'Rupees as typed, at most 2 decimals: "250000.50" (or a number).' });
};

/** The old integer-paise twin of a rupee field, read for one release. */
export const deprecatedPaise = <S extends z.ZodType>(field: S, rupeeName: string) =>
  field.meta({
    deprecated: true,
    description: `Deprecated (one release): whole paise. Send \`${rupeeName}\` in rupees instead.`,
  });

export const RUPEE_FIELD_MESSAGES = {
  disagree: (rupeeName: string, paiseName: string, rupees: bigint, paise: bigint) =>
    `Send the amount once: \`${rupeeName}\` is ${formatPaise(rupees)} but the deprecated \`${paiseName}\` is ${formatPaise(paise)}.`,
} as const;

export type TAmountPair = { rupees?: unknown; paise?: unknown };

/**
 * Whether a rupee field or its deprecated paise twin came (a refusal of either counts as
 * came: its own message says what is wrong), and an issue on the rupee field when both came
 * read and disagree. An object's refinement, so that it speaks beside the other fields' issues.
 */
export function checkAmountPair(
  pair: TAmountPair,
  names: { rupees: string; paise: string },
  ctx: z.RefinementCtx,
): boolean {
  const { rupees, paise } = pair;
  if (typeof rupees === 'bigint' && typeof paise === 'bigint' && rupees !== paise)
    ctx.addIssue({
      code: 'custom',
      path: [names.rupees],
      message: RUPEE_FIELD_MESSAGES.disagree(names.rupees, names.paise, rupees, paise),
    });
  return rupees != null || paise != null;
}

type WithAmount = { amount?: bigint | undefined; amount_paise?: bigint | undefined };
const AMOUNT = { rupees: 'amount', paise: 'amount_paise' } as const;

/**
 * A request object with `amount` (and its deprecated `amount_paise`) handing its service the
 * `amount_paise` it reads. `required` is the message when neither came.
 */
export function amountInPaise<T extends WithAmount, I>(schema: z.ZodType<T, I>, required: string) {
  return schema
    .superRefine((value, ctx) => {
      const pair = { rupees: value.amount, paise: value.amount_paise };
      if (!checkAmountPair(pair, AMOUNT, ctx))
        ctx.addIssue({ code: 'custom', path: [AMOUNT.rupees], message: required });
    })
    .transform(({ amount, amount_paise, ...rest }) => ({
      ...rest,
      // Both present means both agreed: the refinement stops the parse otherwise.
      amount_paise: (amount ?? amount_paise)!,
    }));
}

/** The same with the amount optional (a partial approval): absent stays absent. */
export function optionalAmountInPaise<T extends WithAmount, I>(schema: z.ZodType<T, I>) {
  return schema
    .superRefine((value, ctx) => {
      checkAmountPair({ rupees: value.amount, paise: value.amount_paise }, AMOUNT, ctx);
    })
    .transform(
      ({
        amount,
        amount_paise,
        ...rest
      }): Omit<T, keyof WithAmount> & { amount_paise?: bigint } => {
        const paise = amount ?? amount_paise;
        return paise === undefined ? rest : { ...rest, amount_paise: paise };
      },
    );
}
