/**
 * Claims a bonus: refused plainly (400) before anything is written when it cannot be had;
 * then in one transaction the budget taken (guarded), the claim row (unique per client)
 * and the posting. A race on the last of the budget is lost with the budget message.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { formatPaise, OM, paiseNumber, type TOfferClaim } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import type { ClientRow } from '../clients/service.ts';
import { clientAccount, firmAccount, type LedgerService } from '../ledger/service.ts';
import { noticeSql } from '../notifications/service.ts';
import type { OfferDeps } from './offer-deps.ts';
import { amountFor, offerOf, refusal } from './offer-rules.ts';
import { type ClaimRow, claimView, type OfferRow } from './offer-views.ts';
import { offerClaims, offers } from './tables.ts';

type Claiming = { client: ClientRow; row: OfferRow; amount: bigint; now: Date };

/** The checks made before anything is written; the bonus the client would get. */
async function claimable(deps: OfferDeps, client: ClientRow, offerId: string): Promise<Claiming> {
  if (!client.allowBonus) throw forbidden(OM.notAllowed);
  // A bonus is money into the account: like a deposit, it needs approved KYC.
  if (client.kycStatus !== 'approved') throw forbidden(OM.kycRequired);
  const row = await offerOf(deps.db, offerId);
  if (row.status !== 'published') throw notFound(OM.offerNotFound);
  const now = deps.clock.now();
  const refused = refusal(row, client, now);
  if (refused) throw badRequest(refused);
  const [already] = await deps.db
    .select({ id: offerClaims.id })
    .from(offerClaims)
    .where(and(eq(offerClaims.offerId, offerId), eq(offerClaims.clientId, client.id)));
  if (already) throw badRequest(OM.alreadyClaimed);
  const amount = await amountFor(deps.brokerage, row, client.id, now);
  if (amount <= 0n) throw badRequest(OM.noBrokerage);
  // Fails fast once the budget is gone; the guarded UPDATE below is what holds in a race.
  if (row.budgetPaise === null || row.budgetUsedPaise + amount > row.budgetPaise)
    throw badRequest(OM.exhausted);
  return { client, row, amount, now };
}

/** The budget taken by an UPDATE guarded on the room left, or the reason it could not be. */
async function takeBudget(tx: Tx, { client, row, amount, now }: Claiming) {
  const [taken] = await tx
    .update(offers)
    .set({
      budgetUsedPaise: sql`${offers.budgetUsedPaise} + ${amount}`,
      claims: sql`${offers.claims} + 1`,
    })
    .where(
      and(
        eq(offers.id, row.id),
        eq(offers.status, 'published'),
        lte(offers.validFrom, now),
        gt(offers.validUntil, now),
        sql`${offers.budgetUsedPaise} + ${amount} <= ${offers.budgetPaise}`,
      ),
    )
    .returning();
  if (!taken) {
    const current = await offerOf(tx, row.id);
    throw badRequest(
      current.status !== 'published' ? OM.expired : (refusal(current, client, now) ?? OM.exhausted),
    );
  }
}

async function insertClaim(tx: Tx, id: string, { client, row, amount, now }: Claiming) {
  try {
    const [claim] = (await tx
      .insert(offerClaims)
      .values({ id, offerId: row.id, clientId: client.id, amountPaise: amount, createdAt: now })
      .returning()) as [ClaimRow];
    return claim;
  } catch (error) {
    if (isUniqueViolation(error, 'offer_claims_once')) throw badRequest(OM.alreadyClaimed);
    throw error;
  }
}

/** The bonus posted to the client's cash, told in the bell and audited. */
async function creditBonus(
  tx: Tx,
  ledger: LedgerService,
  id: string,
  { client, row, amount, now }: Claiming,
  actor: Actor,
) {
  const offerId = row.id;
  const posted = await ledger.transfer(tx, {
    kind: 'bonus',
    clientId: client.id,
    memo: `Bonus: ${row.title} (${formatPaise(amount)})`,
    reference: `offer:${offerId}`,
    idempotencyKey: `offer:${offerId}:${client.id}`,
    from: firmAccount('promotions'),
    to: clientAccount(client.id, 'cash_available'),
    amount,
  });
  await tx.update(offerClaims).set({ postingId: posted.postingId }).where(eq(offerClaims.id, id));
  // Told in the bell as the other money steps are, in the same transaction as the credit.
  for (const statement of noticeSql({
    clientId: client.id,
    kind: 'offer.claim',
    subjectType: 'offer_claim',
    subjectId: id,
    at: now,
    occurrence: '',
    detail: { type: 'amount', amount_paise: paiseNumber(amount), reason: null },
  }))
    await tx.execute(statement);
  await recordAudit(tx, actor, {
    action: 'offer.claim',
    subjectType: 'offer',
    subjectId: offerId,
    after: { clientId: client.id, claimId: id, amountPaise: amount.toString() },
  });
}

export async function claimOffer(
  deps: OfferDeps,
  client: ClientRow,
  offerId: string,
  options: { actor: Actor; transaction?: TransactionRunner },
): Promise<TOfferClaim> {
  const claiming = await claimable(deps, client, offerId);
  const transaction = options.transaction ?? plainTransaction(deps.db);
  return transaction(async (tx) => {
    await takeBudget(tx, claiming);
    const id = randomUUID();
    const claim = await insertClaim(tx, id, claiming);
    await creditBonus(tx, deps.ledger, id, claiming, options.actor);
    return claimView(claim, claiming.row.title);
  });
}
