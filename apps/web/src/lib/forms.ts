import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A screen's own checks on a form: a message for a field, or nothing. */
export type TFormChecks<T extends FieldValues> = (
  values: T,
) => Partial<Record<keyof T & string, string | null | undefined | false>>;

/**
 * The resolver of a form that sends one request. The request the values make (`toRequest`,
 * by default the values themselves) is checked by the shared schema and handed to the submit
 * handler as it will be sent, not as the schema parses it (amounts stay as typed, the PIN as
 * digits). Then the screen's own checks (balance, holdings, tick, band) run on the fields the
 * schema let through, so every problem of the form shows at once, the server's rules first.
 */
export function requestResolver<TValues extends FieldValues, TRequest extends FieldValues>(
  schema: z.ZodType<unknown, TRequest>,
  {
    toRequest = (values) => values as unknown as TRequest,
    checks,
  }: { toRequest?: (values: TValues) => TRequest; checks?: TFormChecks<TValues> } = {},
): Resolver<TValues, unknown, TRequest> {
  const validate = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<
    TRequest,
    unknown,
    TRequest
  >;
  return async (values, context, options) => {
    const result = await validate(
      toRequest(values),
      context,
      options as unknown as Parameters<typeof validate>[2],
    );
    const failed = result.errors as Record<string, unknown>;
    const extra = Object.entries(checks?.(values) ?? {}).filter(
      (entry): entry is [string, string] => Boolean(entry[1]) && !failed[entry[0]],
    );
    if (extra.length === 0)
      return result as Awaited<ReturnType<Resolver<TValues, unknown, TRequest>>>;
    const errors = {
      ...result.errors,
      ...Object.fromEntries(extra.map(([name, message]) => [name, { type: 'check', message }])),
    } as FieldErrors<TValues>;
    return { values: {}, errors };
  };
}
