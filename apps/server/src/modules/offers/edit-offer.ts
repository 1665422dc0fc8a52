/** Staff publishing offers: a new one, or changes to one (audited, in one transaction). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OM } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { OfferDeps } from './offer-deps.ts';
import { columnsOf, type OfferInput } from './offer-rules.ts';
import { consoleView } from './offer-views.ts';
import { offers } from './tables.ts';

export async function createOffer(
  { db, clock }: Pick<OfferDeps, 'db' | 'clock'>,
  input: OfferInput,
  staffId: string,
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(offers)
      .values({
        id: randomUUID(),
        ...columnsOf(input),
        createdBy: staffId,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'offer.create',
      subjectType: 'offer',
      subjectId: row!.id,
      after: consoleView(row!),
    });
    return consoleView(row!);
  });
}

/** A budget may grow or shrink, never below what was already claimed. */
export async function updateOffer(
  { db, clock }: Pick<OfferDeps, 'db' | 'clock'>,
  id: string,
  input: OfferInput,
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
    if (!before) throw notFound(OM.offerNotFound);
    const columns = columnsOf(input);
    if (
      before.claims > 0 &&
      (columns.kind !== before.kind || columns.bonusKind !== before.bonusKind)
    )
      throw badRequest('An offer that has been claimed keeps its kind.');
    if (columns.budgetPaise !== null && columns.budgetPaise < before.budgetUsedPaise)
      throw badRequest(OM.budgetBelowUsed);
    const [row] = await tx
      .update(offers)
      .set({ ...columns, updatedAt: clock.now() })
      .where(eq(offers.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'offer.update',
      subjectType: 'offer',
      subjectId: id,
      before: consoleView(before),
      after: consoleView(row!),
    });
    return consoleView(row!);
  });
}
