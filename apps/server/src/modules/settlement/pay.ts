/**
 * Paying one line of an approved batch, in its own transaction (so one client's refusal
 * never undoes another's payout): the client's card lock first — the lock a client's own
 * withdrawal takes too, so the two run one after the other —, then the balance and the
 * obligations read afresh, the retention rule, and the payout: at most what the batch was
 * approved for, at most what is idle now. The withdrawal posts through the funds module as
 * every payout does; its hold is keyed by (batch, client), and the line moves from `pending`
 * only once, so a re-run pays nothing twice. A guarded debit that still finds too little
 * (an order placed meanwhile) rolls the line back and it is tried again on fresh figures.
 */
import { and, eq } from 'drizzle-orm';
import type { TRetentionKind } from '@sampada/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { EmailService } from '../email/service.ts';
import type { FundsService } from '../funds/service.ts';
import { InsufficientBalance, type LedgerService } from '../ledger/service.ts';
import type { MailService } from '../mail/service.ts';
import { noticeText } from './notice.ts';
import { type ObligationReaders, obligationsOf } from './obligations.ts';
import { retainedJson } from './prepare.ts';
import { retention } from './retention.ts';
import { settlementLines } from './tables.ts';

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  funds: Pick<FundsService, 'bankCards' | 'withdrawals'>;
  readers: ObligationReaders;
  email: Pick<EmailService, 'verifiedAddressOf'>;
  mail: Pick<MailService, 'enqueue'>;
};

type Batch = { id: string; settlementDate: string };
const ATTEMPTS = 3;

export function createPayLine(deps: Deps) {
  const { db, clock, ledger, funds, readers } = deps;

  async function payLocked(tx: Tx, batch: Batch, lineId: string, staffId: string, actor: Actor) {
    const [line] = await tx
      .select()
      .from(settlementLines)
      .where(and(eq(settlementLines.id, lineId), eq(settlementLines.status, 'pending')))
      .for('update');
    if (!line) return;
    const { clientId } = line;
    const card = await funds.bankCards.lockedPrimaryCard(tx, clientId);
    const balances = await ledger.balancesOf(clientId, tx);
    const owed = await obligationsOf(readers, clientId, batch.settlementDate, tx);
    const kept = retention(
      { available: balances.cash_available, onHold: balances.cash_on_hold },
      owed,
    );
    const amount = kept.payout < line.payout ? kept.payout : line.payout;
    const status = amount <= 0n ? 'nothing' : card ? 'paid' : 'no_bank_account';
    const withdrawal =
      status === 'paid'
        ? await funds.withdrawals.settlementPayout(tx, {
            clientId,
            card: card!,
            amount,
            key: `settlement:${batch.id}:${clientId}`,
            bankReference: `RAS ${batch.settlementDate} ${batch.id.slice(0, 8)}`,
            staffId,
            actor,
          })
        : null;
    const paid = status === 'paid' ? amount : 0n;
    const at = clock.now();
    await tx
      .update(settlementLines)
      .set({
        status,
        paid,
        cashAvailable: balances.cash_available,
        cashOnHold: balances.cash_on_hold,
        retained: retainedJson(kept.retained),
        bankCardId: card?.id ?? null,
        withdrawalId: withdrawal?.id ?? null,
        settledAt: at,
      })
      .where(eq(settlementLines.id, line.id));
    const address = await deps.email.verifiedAddressOf(clientId, tx);
    if (address)
      await deps.mail.enqueue(tx, {
        purpose: 'settlement.retention',
        clientId,
        to: address,
        ...noticeText({
          settlementDate: batch.settlementDate,
          settledAt: at,
          balance: balances.cash_available + balances.cash_on_hold,
          retained: kept.retained as { kind: TRetentionKind; amount: bigint }[],
          paid,
          bankAccount: card ? funds.bankCards.labelOf(card) : null,
        }),
      });
  }

  return async function payLine(batch: Batch, lineId: string, staffId: string, actor: Actor) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await inTransaction(db, (tx) => payLocked(tx, batch, lineId, staffId, actor));
      } catch (error) {
        if (!(error instanceof InsufficientBalance) || attempt >= ATTEMPTS) throw error;
      }
    }
  };
}
