import {
  bankNameOfIfsc,
  FM,
  MAX_BANK_CARDS,
  normalizeHolderName,
  type TBankCard,
} from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { encrypt, hmac } from '../../platform/crypto.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { BankCardDeps, BankCardInput } from './bank-card-deps.ts';
import { activeCards, lockClientCards } from './bank-card-queries.ts';
import { bankCards } from './tables.ts';
import { bankCardView } from './views.ts';

/** Adds a bank account in the client's own name, PIN-checked, at most five kept. */
export async function addBankCard(
  deps: BankCardDeps,
  clientId: string,
  input: BankCardInput,
  actor: Actor,
): Promise<TBankCard> {
  const { db, clock, dataKey, access } = deps;
  const client = await access.approvedClient(clientId);
  await access.checkPin(client, input.pin, FM.setPinForBankCards);
  if (normalizeHolderName(input.holder_name) !== normalizeHolderName(client.name ?? ''))
    throw badRequest(FM.holderNameMismatch);
  const bankName = bankNameOfIfsc(input.ifsc) ?? (input.bank_name?.trim() || null);
  return db.transaction(async (tx) => {
    await lockClientCards(tx, clientId);
    const existing = await activeCards(tx, clientId);
    const digest = hmac(`bank-card:${input.account_number}`, dataKey);
    if (existing.some((card) => card.accountNoDigest === digest)) throw conflict(FM.bankCardExists);
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
}
