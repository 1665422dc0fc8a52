/**
 * Withdrawals: the client asks for money to be paid to one of their bank cards, with their
 * PIN; the amount moves from cash available to on hold at once (never beyond the balance).
 * Operations mark it paid with the bank reference (hold → bank clearing) or reject it (hold
 * released); the client may cancel while it is pending (hold released).
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import {
  EM,
  formatPaise,
  FM,
  type TClientAccount,
  type TConsoleWithdrawal,
  type TNoticeDetail,
  type TWithdrawalStatus,
  type TWithdrawalView,
  paiseNumber,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { dayRange, istDateOf } from '../../platform/ist.ts';
import { plainTransaction, type TransactionRunner } from '../../platform/transaction.ts';
import {
  applyTransition,
  lifecycle,
  type Transition,
  type TransitionEvents,
} from '../../platform/transitions.ts';
import {
  type AccountRef,
  clientAccount,
  firmAccount,
  type LedgerService,
} from '../ledger/service.ts';
import type { FundsAccess } from './access.ts';
import type { BankCardRow, BankCardService } from './bank-cards.ts';
import { countByStatus, type ListFilter, listWhere, orderOf } from './listing.ts';
import { type FundsPeople, withPeople } from './people.ts';
import { withdrawals } from './tables.ts';
import { bankNamed, consoleWithdrawalView, withdrawalView } from './views.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** One row more than `limit` when another page exists. */
export function listWithdrawals(db: Executor, filter: ListFilter) {
  return db
    .select({ row: withdrawals, cursorAt: sql<string>`${withdrawals.createdAt}::text` })
    .from(withdrawals)
    .where(and(...listWhere(withdrawals, filter)))
    .orderBy(...orderOf(withdrawals, filter.order))
    .limit(filter.limit + 1);
}

export async function withdrawalById(db: Executor, id: string) {
  const [row] = await listWithdrawals(db, { id, order: 'newest', limit: 1 });
  return row;
}

/** Pending withdrawals to be paid to this card: while there are any, it must stay. */
export async function pendingWithdrawalsToCard(db: Executor, cardId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.bankCardId, cardId), eq(withdrawals.status, 'pending')));
  return row?.n ?? 0;
}

export type WithdrawalAction = 'pay' | 'reject' | 'cancel';

/** Where the held amount goes when a withdrawal leaves pending. */
type Settlement = { kind: string; to: (clientId: string) => AccountRef; memo: string };

const release = (memo: string): Settlement => ({
  kind: 'withdrawal_release',
  to: (clientId) => clientAccount(clientId, 'cash_available'),
  memo,
});

/** Who may take each step from which status, and where the held amount goes. */
export const WITHDRAWAL_TRANSITIONS: Record<
  WithdrawalAction,
  Transition<TWithdrawalStatus> & { by: 'staff' | 'client'; posting: Settlement }
> = {
  pay: {
    from: ['pending'],
    to: 'paid',
    by: 'staff',
    posting: {
      kind: 'withdrawal_paid',
      to: () => firmAccount('bank_clearing'),
      memo: 'Withdrawal paid',
    },
  },
  reject: {
    from: ['pending'],
    to: 'rejected',
    by: 'staff',
    posting: release('Withdrawal rejected, amount returned'),
  },
  cancel: {
    from: ['pending'],
    to: 'cancelled',
    by: 'client',
    posting: release('Withdrawal cancelled, amount returned'),
  },
};

const WITHDRAWAL = lifecycle({
  name: 'withdrawal',
  subject: 'withdrawal',
  table: withdrawals,
  state: { field: 'status' },
  transitions: WITHDRAWAL_TRANSITIONS,
  refuse: (_action, current: TWithdrawalStatus | null) =>
    current === null
      ? notFound(FM.withdrawalNotFound)
      : conflict(FM.alreadyDecided('withdrawal', current)),
  notice: (row) => withdrawalNotice(row),
});

/**
 * A withdrawal's notice (decision 056): its amount and the decision's reason, and for a paid
 * one the account it went to, which the row knows only by the card's id.
 */
const withdrawalNotice = (row: WithdrawalRow, paidTo?: BankCardRow): TNoticeDetail => ({
  type: 'amount',
  amount_paise: paiseNumber(row.amount),
  reason: row.reason,
  ...(paidTo ? { bank: bankNamed(paidTo) } : {}),
});

const HELD: TClientAccount = 'cash_on_hold';

export type WithdrawalInput = { amount: bigint; bank_card_id: string; pin: string };

/** The client's daily withdrawal limit in paise, or null for none. */
export type WithdrawalLimit = (clientId: string, executor: Tx) => Promise<bigint | null>;

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  access: FundsAccess;
  bankCards: BankCardService;
  events?: TransitionEvents | undefined;
  people: FundsPeople;
  withdrawalLimit?: WithdrawalLimit | undefined;
};

export function createWithdrawalService(deps: Deps) {
  const { db, clock, ledger, access, bankCards, events, people } = deps;
  const cardLabel = (card: BankCardRow) => {
    const { name, last4 } = bankNamed(card);
    return `${name} XXXX${last4}`;
  };

  /** Takes one step; the held amount moves with it, by the posting the step names. */
  function move(
    tx: Tx,
    withdrawalId: string,
    action: WithdrawalAction,
    who: { clientId?: string; staffId?: string },
    actor: Actor,
    details: {
      reason?: string | null;
      bankReference?: string | null;
      /** The card a paid withdrawal went to: its notice names the account. */
      paidTo?: BankCardRow | undefined;
    } = {},
  ): Promise<WithdrawalRow> {
    const { posting } = WITHDRAWAL_TRANSITIONS[action];
    return applyTransition(tx, WITHDRAWAL, action, {
      id: withdrawalId,
      at: clock.now(),
      where: who.clientId ? eq(withdrawals.clientId, who.clientId) : undefined,
      set: {
        reason: details.reason ?? null,
        bankReference: details.bankReference ?? null,
        decidedAt: clock.now(),
        decidedByStaffId: who.staffId ?? null,
      },
      async effect(moved) {
        const posted = await ledger.transfer(tx, {
          kind: posting.kind,
          clientId: moved.clientId,
          memo: details.bankReference
            ? `${posting.memo}, bank reference ${details.bankReference}`
            : posting.memo,
          reference: `withdrawal:${moved.id}`,
          idempotencyKey: `withdrawal:${moved.id}:settle`,
          from: clientAccount(moved.clientId, HELD),
          to: posting.to(moved.clientId),
          amount: moved.amount,
        });
        const [row] = await tx
          .update(withdrawals)
          .set({ settlePostingId: posted.postingId })
          .where(eq(withdrawals.id, moved.id))
          .returning();
        return row;
      },
      audit: {
        actor,
        details: (row) => ({
          clientId: row.clientId,
          amountPaise: row.amount.toString(),
          postingId: row.settlePostingId,
          ...(details.reason ? { reason: details.reason } : {}),
          ...(details.bankReference ? { bankReference: details.bankReference } : {}),
        }),
      },
      events,
      notice: details.paidTo && ((row) => withdrawalNotice(row, details.paidTo)),
    });
  }

  /**
   * The VIP tier's daily limit, if the firm set one: today's (IST) withdrawals not rejected or
   * cancelled, with this one, must fit. Checked after the hold's posting, which locks the
   * client's cash account: two requests at once are counted one after the other.
   */
  async function checkDailyLimit(tx: Tx, clientId: string, amount: bigint) {
    const limit = await deps.withdrawalLimit?.(clientId, tx);
    if (limit === null || limit === undefined) return;
    const today = istDateOf(clock.now());
    const { start, end } = dayRange(today, today);
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.clientId, clientId),
          gte(withdrawals.createdAt, start!),
          lt(withdrawals.createdAt, end!),
          notInArray(withdrawals.status, ['rejected', 'cancelled']),
        ),
      );
    if (BigInt(row?.total ?? '0') + amount > limit)
      throw badRequest(EM.withdrawalLimitExceeded(formatPaise(limit)));
  }

  /** Moves the amount on hold and writes the withdrawal and its audit row: a request's start. */
  async function holdAndRecord(
    tx: Tx,
    input: {
      clientId: string;
      card: BankCardRow;
      amount: bigint;
      memo: string;
      actor: Actor;
      checkLimit?: boolean;
      idempotencyKey?: string;
    },
  ): Promise<WithdrawalRow> {
    const { clientId, card, amount } = input;
    const id = randomUUID();
    const posted = await ledger.transfer(tx, {
      kind: 'withdrawal_hold',
      clientId,
      memo: input.memo,
      reference: `withdrawal:${id}`,
      idempotencyKey: input.idempotencyKey ?? `withdrawal:${id}:hold`,
      from: clientAccount(clientId, 'cash_available'),
      to: clientAccount(clientId, HELD),
      amount,
    });
    if (input.checkLimit) await checkDailyLimit(tx, clientId, amount);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        id,
        clientId,
        bankCardId: card.id,
        amount,
        holdPostingId: posted.postingId,
        createdAt: clock.now(),
      })
      .returning();
    await recordAudit(tx, input.actor, {
      action: 'withdrawal.request',
      subjectType: 'withdrawal',
      subjectId: id,
      after: {
        clientId,
        amountPaise: amount.toString(),
        bankCardId: card.id,
        postingId: posted.postingId,
      },
    });
    return row!;
  }

  async function cardOf(executor: Db | Tx, row: WithdrawalRow) {
    return (await bankCards.byIds([row.bankCardId], executor)).get(row.bankCardId)!;
  }

  return {
    async request(
      clientId: string,
      input: WithdrawalInput,
      options: { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TWithdrawalView> {
      const client = await access.approvedClient(clientId);
      await access.checkPin(client, input.pin, FM.setPinToWithdraw);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        // The card lock: a card cannot be removed between this check and the insert below.
        const card = await bankCards.lockedActiveCard(tx, clientId, input.bank_card_id);
        if (!card) throw notFound(FM.bankCardNotFound);
        const row = await holdAndRecord(tx, {
          clientId,
          card,
          amount: input.amount,
          memo: `Withdrawal to ${cardLabel(card)} requested`,
          actor: options.actor,
          checkLimit: true,
        });
        return withdrawalView(row, card);
      });
    },

    /**
     * Running-account settlement's payout (decision 045): the firm's withdrawal to the
     * client's primary account, taken as every withdrawal is — the hold posting, then `pay`
     * (hold → bank clearing) with the batch's reference — in the caller's transaction. No PIN
     * and no daily limit: the client did not ask, SEBI requires it. The hold posting is keyed
     * by `key` (once per batch and client), so a second payout of one line is refused.
     */
    async settlementPayout(
      tx: Tx,
      input: {
        clientId: string;
        card: BankCardRow;
        amount: bigint;
        key: string;
        bankReference: string;
        staffId: string;
        actor: Actor;
      },
    ): Promise<WithdrawalRow> {
      const row = await holdAndRecord(tx, {
        clientId: input.clientId,
        card: input.card,
        amount: input.amount,
        memo: `Running-account settlement to ${cardLabel(input.card)}`,
        actor: input.actor,
        idempotencyKey: input.key,
      });
      return move(tx, row.id, 'pay', { staffId: input.staffId }, input.actor, {
        bankReference: input.bankReference,
        paidTo: input.card,
      });
    },

    /** Cash on hold for the client's pending withdrawals (a settlement keeps it). */
    async pendingTotalOf(clientId: string, executor: Executor = db): Promise<bigint> {
      const [row] = await executor
        .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
        .from(withdrawals)
        .where(and(eq(withdrawals.clientId, clientId), eq(withdrawals.status, 'pending')));
      return BigInt(row?.total ?? '0');
    },

    async cancel(
      clientId: string,
      withdrawalId: string,
      options: { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TWithdrawalView> {
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const row = await move(tx, withdrawalId, 'cancel', { clientId }, options.actor);
        return withdrawalView(row, await cardOf(tx, row));
      });
    },

    /** Operations mark paid (with the bank reference) or reject (with a reason). */
    async decide(
      withdrawalId: string,
      action: Exclude<WithdrawalAction, 'cancel'>,
      options: {
        staffId: string;
        actor: Actor;
        reason?: string;
        bankReference?: string;
        transaction?: TransactionRunner;
      },
    ): Promise<TConsoleWithdrawal> {
      const reason = options.reason?.trim() || null;
      if (action === 'reject' && !reason) throw badRequest(FM.reasonRequired);
      if (action === 'pay' && !options.bankReference) throw badRequest(FM.bankReferenceRequired);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        // A withdrawal's card never changes: read before the step, it is the one paid to.
        const pending = action === 'pay' ? await withdrawalById(tx, withdrawalId) : undefined;
        const paidTo = pending && (await cardOf(tx, pending.row));
        await move(tx, withdrawalId, action, { staffId: options.staffId }, options.actor, {
          reason,
          bankReference: options.bankReference ?? null,
          paidTo,
        });
        const [listed] = await withPeople(people, [(await withdrawalById(tx, withdrawalId))!], tx);
        const card = paidTo ?? (await cardOf(tx, listed!.row));
        return consoleWithdrawalView(listed!, card, bankCards.accountNumberOf(card));
      });
    },

    async ofClient(clientId: string, withdrawalId: string): Promise<TWithdrawalView> {
      const listed = await withdrawalById(db, withdrawalId);
      if (!listed || listed.row.clientId !== clientId) throw notFound(FM.withdrawalNotFound);
      return withdrawalView(listed.row, await cardOf(db, listed.row));
    },

    /** A client's withdrawals, newest first; views and the raw rows for the cursor. */
    async listOfClient(clientId: string, filter: Omit<ListFilter, 'clientId' | 'order'>) {
      const rows = await listWithdrawals(db, { ...filter, clientId, order: 'newest' });
      const cards = await bankCards.byIds(
        rows.map((r) => r.row.bankCardId),
        db,
      );
      return rows.map((r) => ({ ...r, view: withdrawalView(r.row, cards.get(r.row.bankCardId)!) }));
    },

    /** The console queue: pending oldest first, any other status newest first. */
    async queue(filter: Omit<ListFilter, 'order'>) {
      const rows = await withPeople(
        people,
        await listWithdrawals(db, {
          ...filter,
          order: filter.status === 'pending' ? 'oldest' : 'newest',
        }),
      );
      const cards = await bankCards.byIds(
        rows.map((r) => r.row.bankCardId),
        db,
      );
      return rows.map((r) => {
        const card = cards.get(r.row.bankCardId)!;
        return { ...r, view: consoleWithdrawalView(r, card, bankCards.accountNumberOf(card)) };
      });
    },

    countPending: () => countByStatus(db, withdrawals, 'pending'),

    async forReceipt(reference: string | null) {
      const match = /^withdrawal:([0-9a-f-]{36})$/.exec(reference ?? '');
      if (!match) return null;
      const listed = await withdrawalById(db, match[1]!);
      return listed ? withdrawalView(listed.row, await cardOf(db, listed.row)) : null;
    },
  };
}
export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
