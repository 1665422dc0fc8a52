import { FM } from '@sampada/shared';
import { eq } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { BankCardDeps } from './bank-card-deps.ts';
import { activeCard, lockClientCards } from './bank-card-queries.ts';
import { bankCards } from './tables.ts';
import { pendingWithdrawalsToCard } from './withdrawal-queries.ts';

/** Removes a bank account, PIN-checked, unless a pending withdrawal is to be paid to it. */
export async function removeBankCard(
  deps: BankCardDeps,
  clientId: string,
  cardId: string,
  pin: string,
  actor: Actor,
) {
  const { db, clock, access } = deps;
  const client = await access.approvedClient(clientId);
  await access.checkPin(client, pin, FM.setPinForBankCards);
  await db.transaction(async (tx) => {
    await lockClientCards(tx, clientId);
    const card = await activeCard(tx, clientId, cardId);
    if (!card) throw notFound(FM.bankCardNotFound);
    // Operations pay a pending withdrawal to this account: it must stay until then.
    if ((await pendingWithdrawalsToCard(tx, cardId)) > 0) throw badRequest(FM.bankCardInUse);
    await tx.update(bankCards).set({ removedAt: clock.now() }).where(eq(bankCards.id, cardId));
    await recordAudit(tx, actor, {
      action: 'bank_card.remove',
      subjectType: 'client',
      subjectId: clientId,
      before: { bankCardId: card.id, ifsc: card.ifsc, last4: card.accountNoLast4 },
    });
  });
}
