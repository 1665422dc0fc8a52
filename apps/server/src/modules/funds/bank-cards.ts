/**
 * Bank cards: the client's own bank accounts. The holder must be the client (the name on
 * their KYC record), changes need the PIN, at most five are kept, and the account number is
 * stored encrypted and shown with only its last four digits.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  bankNameOfIfsc,
  FM,
  MAX_BANK_CARDS,
  normalizeHolderName,
  type TBankCard,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { decrypt, encrypt, hmac } from '../../platform/crypto.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { FundsAccess } from './access.ts';
import { bankCards } from './tables.ts';
import { bankCardView } from './views.ts';
import { pendingWithdrawalsToCard } from './withdrawals.ts';

export type BankCardRow = typeof bankCards.$inferSelect;

const activeCards = (db: Executor, clientId: string) =>
  db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.clientId, clientId), isNull(bankCards.removedAt)))
    .orderBy(asc(bankCards.createdAt), asc(bankCards.id));

async function activeCard(db: Executor, clientId: string, cardId: string) {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(
      and(eq(bankCards.id, cardId), eq(bankCards.clientId, clientId), isNull(bankCards.removedAt)),
    );
  return row;
}

/** Serialises card changes of one client, so the limit of five holds under concurrency. */
const lockClientCards = (db: Executor, clientId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank_cards:${clientId}`}))`);

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
      return (await activeCards(db, clientId)).map(bankCardView);
    },

    async add(clientId: string, input: BankCardInput, actor: Actor): Promise<TBankCard> {
      const client = await access.approvedClient(clientId);
      await access.checkPin(client, input.pin, FM.setPinForBankCards);
      if (normalizeHolderName(input.holder_name) !== normalizeHolderName(client.name ?? ''))
        throw badRequest(FM.holderNameMismatch);
      const bankName = bankNameOfIfsc(input.ifsc) ?? (input.bank_name?.trim() || null);
      return db.transaction(async (tx) => {
        await lockClientCards(tx, clientId);
        const existing = await activeCards(tx, clientId);
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
    },

    /** The whole account number, for operations paying a withdrawal. */
    accountNumberOf: (card: BankCardRow) => decrypt(card.accountNoEnc, dataKey),

    /**
     * Takes the client's card lock in the caller's transaction and returns the active card:
     * a withdrawal's card cannot be removed between this check and its insert.
     */
    async lockedActiveCard(tx: Tx, clientId: string, cardId: string) {
      await lockClientCards(tx, clientId);
      return activeCard(tx, clientId, cardId);
    },

    /**
     * The client's primary bank account — the first they added and still have — under the
     * card lock, for a payout the firm makes unasked (running-account settlement).
     */
    async lockedPrimaryCard(tx: Tx, clientId: string): Promise<BankCardRow | undefined> {
      await lockClientCards(tx, clientId);
      const [first] = await activeCards(tx, clientId);
      return first;
    },

    /** A card's label, as withdrawals and statements show it. */
    labelOf: (card: BankCardRow) => `${card.bankName ?? card.ifsc} XXXX${card.accountNoLast4}`,

    /** Cards by id, removed ones too: a withdrawal shows the card it was paid to. */
    async byIds(ids: string[], executor: Executor = db) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map<string, BankCardRow>();
      const rows = await executor.select().from(bankCards).where(inArray(bankCards.id, unique));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type BankCardService = ReturnType<typeof createBankCardService>;
