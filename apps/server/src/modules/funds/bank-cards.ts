/**
 * Bank cards: the client's own bank accounts. The holder must be the client (the name on
 * their KYC record), changes need the PIN, at most five are kept, and the account number is
 * stored encrypted and shown with only its last four digits.
 */
import {
  bankNameOfIfsc,
  FM,
  MAX_BANK_CARDS,
  normalizeHolderName,
  type TBankCard,
} from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { decrypt, encrypt, hmac } from '../../platform/crypto.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { FundsAccess } from './access.ts';
import * as store from './store.ts';
import { bankCards } from './tables.ts';
import { bankCardView } from './views.ts';

export type BankCardInput = {
  holder_name: string;
  account_number: string;
  ifsc: string;
  bank_name?: string | undefined;
  pin: string;
};

export function createBankCardService(deps: {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  access: FundsAccess;
}) {
  const { db, clock, dataKey, access } = deps;
  const digestOf = (accountNumber: string) => hmac(`bank-card:${accountNumber}`, dataKey);

  return {
    async list(clientId: string): Promise<TBankCard[]> {
      return (await store.activeCards(db, clientId)).map(bankCardView);
    },

    async add(clientId: string, input: BankCardInput, actor: Actor): Promise<TBankCard> {
      const client = await access.approvedClient(clientId);
      await access.checkPin(client, input.pin, FM.setPinForBankCards);
      if (normalizeHolderName(input.holder_name) !== normalizeHolderName(client.name ?? ''))
        throw badRequest(FM.holderNameMismatch);
      const bankName = bankNameOfIfsc(input.ifsc) ?? (input.bank_name?.trim() || null);
      return db.transaction(async (tx) => {
        await store.lockClientCards(tx, clientId);
        const existing = await store.activeCards(tx, clientId);
        const digest = digestOf(input.account_number);
        if (existing.some((card) => card.accountNoDigest === digest))
          throw conflict(FM.bankCardExists);
        if (existing.length >= MAX_BANK_CARDS) throw badRequest(FM.bankCardLimit);
        let row;
        try {
          [row] = await tx
            .insert(bankCards)
            .values({
              clientId,
              holderName: input.holder_name.trim().replace(/\s+/g, ' '),
              accountNoEnc: encrypt(input.account_number, dataKey),
              accountNoLast4: input.account_number.slice(-4),
              accountNoDigest: digest,
              ifsc: input.ifsc,
              bankName,
              createdAt: clock.now(),
            })
            .returning();
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(FM.bankCardExists);
          throw error;
        }
        await recordAudit(tx, actor, {
          action: 'bank_card.add',
          subjectType: 'client',
          subjectId: clientId,
          after: { bankCardId: row!.id, ifsc: row!.ifsc, last4: row!.accountNoLast4 },
        });
        return bankCardView(row!);
      });
    },

    async remove(clientId: string, cardId: string, pin: string, actor: Actor) {
      const client = await access.approvedClient(clientId);
      await access.checkPin(client, pin, FM.setPinForBankCards);
      await db.transaction(async (tx) => {
        await store.lockClientCards(tx, clientId);
        const card = await store.activeCard(tx, clientId, cardId);
        if (!card) throw notFound(FM.bankCardNotFound);
        // Operations pay a pending withdrawal to this account: it must stay until then.
        if ((await store.pendingWithdrawalsToCard(tx, cardId)) > 0)
          throw badRequest(FM.bankCardInUse);
        await tx.update(bankCards).set({ removedAt: clock.now() }).where(store.cardIs(cardId));
        await recordAudit(tx, actor, {
          action: 'bank_card.remove',
          subjectType: 'client',
          subjectId: clientId,
          before: { bankCardId: card.id, ifsc: card.ifsc, last4: card.accountNoLast4 },
        });
      });
    },

    /** The whole account number, for operations paying a withdrawal. */
    accountNumberOf: (card: store.BankCardRow) => decrypt(card.accountNoEnc, dataKey),
  };
}
export type BankCardService = ReturnType<typeof createBankCardService>;
