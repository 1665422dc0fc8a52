import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The values without cleared inputs: the API reads an optional field as absent, not as ''. */
export const omitBlanks = <T extends FieldValues>(values: T): T =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => !isBlank(value))) as T;

/**
 * Runs a resolver on the values without their blanks, so an empty optional input (an ISIN,
 * a note) passes the shared schema as absent, and a raw resolver submits it without them.
 */
export const withoutBlanks =
  <TValues extends FieldValues, TContext, TOut>(
    resolver: Resolver<TValues, TContext, TOut>,
  ): Resolver<TValues, TContext, TOut> =>
  (values, context, options) =>
    resolver(omitBlanks(values), context, options);

/**
 * An input's registration and its error message, taken together so that both always name the
 * same field: `<TextInput {...bindField(form, 'price')} />`.
 */
export const bindField = <TFieldValues extends FieldValues, TTransformedValues>(
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>,
  name: Path<TFieldValues>,
  options?: RegisterOptions<TFieldValues, Path<TFieldValues>>,
) => ({
  ...form.register(name, options),
  error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
});
