import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type TValues = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<
  Resolver<TValues>
>[2];
const passing: Resolver<TValues> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('fetches the checks once, on the first focus, and a submit uses them', async () => {
    const load = vi.fn(async () => passing);
    const { resolver, preload } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    const result = await resolver({ name: 'Kavya' }, undefined, options);
    expect(result).toEqual({ values: { name: 'Kavya' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a submit before any focus fetches the checks itself', async () => {
    const load = vi.fn(async () => passing);
    const { resolver } = lazyResolver(load);
    await expect(resolver({ name: 'A' }, undefined, options)).resolves.toMatchObject({
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed fetch is tried again on the next submit', async () => {
    const load = vi
      .fn<() => Promise<Resolver<TValues>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(passing);
    const { resolver, preload } = lazyResolver(load);
    preload(); // its failure is not an unhandled rejection
    await expect(resolver({ name: 'A' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ name: 'A' }, undefined, options)).resolves.toMatchObject({
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
