/**
 * Bank cards: the client's own bank accounts. The holder must be the client (the name on
 * their KYC record), changes need the PIN, at most five are kept, and the account number is
 * stored encrypted and shown with only its last four digits.
 */
import type { TBankCard } from '@sampada/shared';
import { inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { decrypt } from '../../platform/crypto.ts';
import { addBankCard } from './add-bank-card.ts';
import type { BankCardDeps, BankCardInput } from './bank-card-deps.ts';
import { activeCard, activeCards, lockClientCards } from './bank-card-queries.ts';
import { removeBankCard } from './remove-bank-card.ts';
import { bankCards } from './tables.ts';
import { bankCardView } from './views.ts';

export type BankCardRow = typeof bankCards.$inferSelect;
export type { BankCardInput } from './bank-card-deps.ts';

export function createBankCardService(deps: BankCardDeps) {
  const { db, dataKey } = deps;

  return {
    async list(clientId: string): Promise<TBankCard[]> {
      return (await activeCards(db, clientId)).map(bankCardView);
    },

    add: (clientId: string, input: BankCardInput, actor: Actor): Promise<TBankCard> =>
      addBankCard(deps, clientId, input, actor),

    remove: (clientId: string, cardId: string, pin: string, actor: Actor) =>
      removeBankCard(deps, clientId, cardId, pin, actor),

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
