import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver fetched when the form is first touched rather than with the page. zod
 * and its resolver are some 15 kB brotli that the sign-in screen does not need to paint: the
 * form asks for them on its first focus (`preload`), long before a submit awaits them. A
 * failed fetch is forgotten, so the next attempt fetches again.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TValues, TContext, TTransformed>>,
) {
  let loading: Promise<Resolver<TValues, TContext, TTransformed>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TValues, TContext, TTransformed> = async (values, context, options) =>
    (await preload())(values, context, options);
  return { resolver, preload: () => void preload().catch(() => {}) };
}
