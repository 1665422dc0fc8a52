/**
 * Credit products and the credit settings: admins edit both in the console, every change
 * audited. Seeded by migration 0012 (a loan against shares and a personal loan).
 */
import type { TCreditProduct, TCreditSettings, ZCreditProductInput } from '@sampada/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { createProduct, saveCreditSettings, updateProduct } from './product-edits.ts';
import { allProducts, approvalThreshold, productById } from './product-reads.ts';
import type { ProductRow } from './views.ts';

export { DEFAULT_APPROVAL_THRESHOLD_PAISE } from './product-reads.ts';

type ProductInput = z.output<typeof ZCreditProductInput>;

export function createCreditProducts(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const all = (executor: Executor = db): Promise<ProductRow[]> => allProducts(executor);
  const threshold = (executor: Executor = db): Promise<bigint> => approvalThreshold(executor);
  return {
    byId: (id: string, executor: Executor = db): Promise<ProductRow> => productById(executor, id),
    all,
    /** Products shown to clients. */
    active: async () => (await all()).filter((p) => p.active),
    approvalThreshold: threshold,
    async settings(): Promise<TCreditSettings> {
      return { approval_threshold_paise: Number(await threshold()) };
    },
    saveSettings: (input: TCreditSettings, actor: Actor) => saveCreditSettings(deps, input, actor),
    create: (input: ProductInput, actor: Actor): Promise<TCreditProduct> =>
      createProduct(deps, input, actor),
    update: (id: string, input: ProductInput, actor: Actor) =>
      updateProduct(deps, id, input, actor),
  };
}
export type CreditProducts = ReturnType<typeof createCreditProducts>;
