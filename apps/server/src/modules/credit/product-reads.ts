/** Reading credit products and the approval threshold. */
import { asc, eq } from 'drizzle-orm';
import { LM } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { creditConfig, creditProducts } from './tables.ts';
import type { ProductRow } from './views.ts';

/** Above this, an approval needs a second officer, until an admin sets another. */
export const DEFAULT_APPROVAL_THRESHOLD_PAISE = 20_000_000n;
export const THRESHOLD_KEY = 'approval_threshold_paise';

export async function productById(executor: Executor, id: string): Promise<ProductRow> {
  const [row] = await executor.select().from(creditProducts).where(eq(creditProducts.id, id));
  if (!row) throw notFound(LM.productNotFound);
  return row;
}

export async function allProducts(executor: Executor): Promise<ProductRow[]> {
  return executor
    .select()
    .from(creditProducts)
    .orderBy(asc(creditProducts.createdAt), asc(creditProducts.id));
}

export async function approvalThreshold(executor: Executor): Promise<bigint> {
  const [row] = await executor
    .select()
    .from(creditConfig)
    .where(eq(creditConfig.key, THRESHOLD_KEY));
  const value = row?.value;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? BigInt(value)
    : DEFAULT_APPROVAL_THRESHOLD_PAISE;
}
