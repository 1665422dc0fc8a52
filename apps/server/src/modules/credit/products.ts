/**
 * Credit products and the credit settings: admins edit both in the console, every change
 * audited. Seeded by migration 0012 (a loan against shares and a personal loan).
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  foreclosureChargeRefused,
  LM,
  type TCreditProduct,
  type TRateType,
  type TCreditSettings,
  type ZCreditProductInput,
} from '@sampada/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { creditConfig, creditProducts } from './tables.ts';
import { type ProductRow, productView } from './views.ts';

type ProductInput = z.output<typeof ZCreditProductInput>;

/** Above this, an approval needs a second officer, until an admin sets another. */
export const DEFAULT_APPROVAL_THRESHOLD_PAISE = 20_000_000n;
const THRESHOLD_KEY = 'approval_threshold_paise';

const columnsOf = (input: ProductInput) => ({
  name: input.name,
  kind: input.kind,
  repayment: input.repayment,
  annualRateBps: input.annual_rate_bps,
  tenureMonths: input.tenure_months,
  minAmountPaise: input.min_amount_paise,
  maxAmountPaise: input.max_amount_paise,
  // A personal loan takes no pledge: its levels are dropped, whatever the form sent.
  ltvBps: input.kind === 'loan_against_shares' ? input.ltv_bps : null,
  marginCallLtvBps: input.kind === 'loan_against_shares' ? input.margin_call_ltv_bps : null,
  sellOffLtvBps: input.kind === 'loan_against_shares' ? input.sell_off_ltv_bps : null,
  processingFeeBps: input.processing_fee_bps,
  // Left out, an edit keeps the product's period and a new product takes the column's default.
  ...(input.cooling_off_days === undefined ? {} : { coolingOffDays: input.cooling_off_days }),
  ...(input.rate_type === undefined ? {} : { rateType: input.rate_type }),
  ...(input.foreclosure_charge_bps === undefined
    ? {}
    : { foreclosureChargeBps: input.foreclosure_charge_bps }),
  active: input.active,
});

/**
 * The schema checks the rate type and charge it is sent; an edit that leaves one out keeps the
 * product's own, so the pair is checked again as it will be saved.
 */
function assertChargeAllowed(input: ProductInput, before?: ProductRow) {
  const rateType = input.rate_type ?? (before?.rateType as TRateType | undefined) ?? 'fixed';
  const charge = input.foreclosure_charge_bps ?? before?.foreclosureChargeBps ?? 0;
  if (foreclosureChargeRefused(rateType, charge)) throw badRequest(LM.foreclosureChargeFloating);
}

export function createCreditProducts({ db, clock }: { db: Db; clock: Clock }) {
  async function byId(id: string, executor: Executor = db): Promise<ProductRow> {
    const [row] = await executor.select().from(creditProducts).where(eq(creditProducts.id, id));
    if (!row) throw notFound(LM.productNotFound);
    return row;
  }

  async function all(executor: Executor = db): Promise<ProductRow[]> {
    return executor
      .select()
      .from(creditProducts)
      .orderBy(asc(creditProducts.createdAt), asc(creditProducts.id));
  }

  async function approvalThreshold(executor: Executor = db): Promise<bigint> {
    const [row] = await executor
      .select()
      .from(creditConfig)
      .where(eq(creditConfig.key, THRESHOLD_KEY));
    const value = row?.value;
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
      ? BigInt(value)
      : DEFAULT_APPROVAL_THRESHOLD_PAISE;
  }

  return {
    byId,
    all,
    /** Products shown to clients. */
    active: async () => (await all()).filter((p) => p.active),
    approvalThreshold,

    async settings(): Promise<TCreditSettings> {
      return { approval_threshold_paise: Number(await approvalThreshold()) };
    },

    async saveSettings(input: TCreditSettings, actor: Actor): Promise<TCreditSettings> {
      return inTransaction(db, async (tx) => {
        const before = await approvalThreshold(tx);
        await tx
          .insert(creditConfig)
          .values({
            key: THRESHOLD_KEY,
            value: input.approval_threshold_paise,
            updatedAt: clock.now(),
          })
          .onConflictDoUpdate({
            target: creditConfig.key,
            set: { value: input.approval_threshold_paise, updatedAt: clock.now() },
          });
        await recordAudit(tx, actor, {
          action: 'credit.settings',
          subjectType: 'setting',
          subjectId: THRESHOLD_KEY,
          before: { approval_threshold_paise: before.toString() },
          after: { approval_threshold_paise: String(input.approval_threshold_paise) },
        });
        return input;
      });
    },

    async create(input: ProductInput, actor: Actor): Promise<TCreditProduct> {
      assertChargeAllowed(input);
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(creditProducts)
          .values({
            id: randomUUID(),
            ...columnsOf(input),
            createdAt: clock.now(),
            updatedAt: clock.now(),
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'credit.product.create',
          subjectType: 'credit_product',
          subjectId: row!.id,
          after: productView(row!),
        });
        return productView(row!);
      });
    },

    /** Terms change for new applications; a loan keeps the terms it was applied for. */
    async update(id: string, input: ProductInput, actor: Actor): Promise<TCreditProduct> {
      return inTransaction(db, async (tx) => {
        const before = await byId(id, tx);
        assertChargeAllowed(input, before);
        const [row] = await tx
          .update(creditProducts)
          .set({ ...columnsOf(input), updatedAt: clock.now() })
          .where(eq(creditProducts.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'credit.product.update',
          subjectType: 'credit_product',
          subjectId: id,
          before: productView(before),
          after: productView(row!),
        });
        return productView(row!);
      });
    },
  };
}
export type CreditProducts = ReturnType<typeof createCreditProducts>;
