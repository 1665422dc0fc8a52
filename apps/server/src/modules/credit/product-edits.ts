/** The admin's edits of credit products and of the approval threshold, each audited. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  foreclosureChargeRefused,
  LM,
  penalSettingRefused,
  type TCreditProduct,
  type TPenalKind,
  type TRateType,
  type TCreditSettings,
  type ZCreditProductInput,
} from '@sampada/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { approvalThreshold, productById, THRESHOLD_KEY } from './product-reads.ts';
import { creditConfig, creditProducts } from './tables.ts';
import { type ProductRow, productView } from './views.ts';

type ProductInput = z.output<typeof ZCreditProductInput>;
type ProductDeps = { db: Db; clock: Clock };

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
  ...(input.spread_bps === undefined ? {} : { spreadBps: input.spread_bps }),
  ...(input.reset_months === undefined ? {} : { resetMonths: input.reset_months }),
  active: input.active,
});

/**
 * The penal setting as it will be saved: the kind sent or kept ('rate' for a new product, so
 * no penal charge when none is given), that kind's figure sent or kept, the other kind's 0.
 * Checked again here because the schema cannot see the kept kind of a partial edit.
 */
function penalColumnsOf(input: ProductInput, before?: ProductRow) {
  const kind = input.penal_kind ?? (before?.penalKind as TPenalKind | undefined) ?? 'rate';
  const kept = before?.penalKind === kind ? before : undefined;
  const rateBps = input.penal_rate_bps ?? (kind === 'rate' ? (kept?.penalRateBps ?? 0) : 0);
  const flatPaise =
    input.penal_flat_paise ?? (kind === 'flat' ? Number(kept?.penalFlatPaise ?? 0n) : 0);
  const refused = penalSettingRefused(kind, rateBps, flatPaise);
  if (refused) throw badRequest(refused.message);
  return { penalKind: kind, penalRateBps: rateBps, penalFlatPaise: BigInt(flatPaise) };
}

/**
 * The schema checks the rate type and charge it is sent; an edit that leaves one out keeps the
 * product's own, so the pair is checked again as it will be saved.
 */
function assertChargeAllowed(input: ProductInput, before?: ProductRow) {
  const rateType = input.rate_type ?? (before?.rateType as TRateType | undefined) ?? 'fixed';
  const charge = input.foreclosure_charge_bps ?? before?.foreclosureChargeBps ?? 0;
  if (foreclosureChargeRefused(rateType, charge)) throw badRequest(LM.foreclosureChargeFloating);
}

export async function saveCreditSettings(
  { db, clock }: ProductDeps,
  input: TCreditSettings,
  actor: Actor,
): Promise<TCreditSettings> {
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
}

export async function createProduct(
  { db, clock }: ProductDeps,
  input: ProductInput,
  actor: Actor,
): Promise<TCreditProduct> {
  assertChargeAllowed(input);
  const penal = penalColumnsOf(input);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(creditProducts)
      .values({
        id: randomUUID(),
        ...columnsOf(input),
        ...penal,
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
}

/** Terms change for new applications; a loan keeps the terms it was applied for. */
export async function updateProduct(
  { db, clock }: ProductDeps,
  id: string,
  input: ProductInput,
  actor: Actor,
): Promise<TCreditProduct> {
  return inTransaction(db, async (tx) => {
    const before = await productById(tx, id);
    assertChargeAllowed(input, before);
    const [row] = await tx
      .update(creditProducts)
      .set({ ...columnsOf(input), ...penalColumnsOf(input, before), updatedAt: clock.now() })
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
}
