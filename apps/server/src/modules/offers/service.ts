/**
 * Offers and bonuses (issue 17, docs/api-applications.md): staff publish offers — information
 * only, or a bonus (a fixed amount, or a share of the brokerage the client paid during the
 * offer up to a cap) with a total budget — for every client or from a VIP level up. A client
 * with allow_bonus claims a bonus once, inside its validity; the budget is taken by an UPDATE
 * guarded on the room left, so a thousand claims at once never pass it; the bonus posts from
 * the firm's promotions account to the client's cash in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import {
  formatPaise,
  OM,
  paiseNumber,
  type TBonusKind,
  type TConsoleOffer,
  type TConsoleOfferClaim,
  type TOfferClaim,
  type TOfferKind,
  type TOfferStatus,
  type TOfferView,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { FileStore } from '../../platform/storage.ts';
import {
  inTransaction,
  plainTransaction,
  type TransactionRunner,
} from '../../platform/transaction.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import { clientAccount, firmAccount, type LedgerService } from '../ledger/service.ts';
import { noticeSql } from '../notifications/service.ts';
import { reencodeImage } from '../uploads/service.ts';
import { cashbackOf } from './cashback.ts';
import { offerClaims, offers } from './tables.ts';

/** The brokerage a client paid on fills in [from, to] (trading's port, wired in context.ts). */
export type BrokeragePaid = (clientId: string, from: Date, to: Date) => Promise<bigint>;

type OfferRow = typeof offers.$inferSelect;
type ClaimRow = typeof offerClaims.$inferSelect;

export type OfferInput = {
  title: string;
  body: string;
  kind: TOfferKind;
  bonus_kind: TBonusKind | null;
  amount_paise: bigint | null;
  cashback_bps: number | null;
  cashback_cap_paise: bigint | null;
  budget_paise: bigint | null;
  min_vip: number;
  valid_from: string;
  valid_until: string;
  status: TOfferStatus;
};

const IMAGE_RULE = { minSide: 200, maxSide: 1600, square: false };
const num = (v: bigint | null) => (v === null ? null : paiseNumber(v));
export const offerImageUrl = (file: string | null) => (file ? `/files/offers/${file}` : null);

function baseView(row: OfferRow) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    image_url: offerImageUrl(row.imageFile),
    kind: row.kind as TOfferKind,
    bonus_kind: row.bonusKind as TBonusKind | null,
    amount_paise: num(row.amountPaise),
    cashback_bps: row.cashbackBps,
    cashback_cap_paise: num(row.cashbackCapPaise),
    min_vip: row.minVip,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil.toISOString(),
  };
}

const consoleView = (row: OfferRow): TConsoleOffer => ({
  ...baseView(row),
  status: row.status as TOfferStatus,
  budget_paise: num(row.budgetPaise),
  budget_used_paise: paiseNumber(row.budgetUsedPaise),
  claims: row.claims,
  image: row.imageFile,
  updated_at: row.updatedAt.toISOString(),
});

const claimView = (row: ClaimRow, title: string): TOfferClaim => ({
  id: row.id,
  offer_id: row.offerId,
  offer_title: title,
  amount_paise: paiseNumber(row.amountPaise),
  status: 'credited',
  claimed_at: row.createdAt.toISOString(),
});

export function createOfferService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  files: FileStore;
  brokerage: BrokeragePaid;
}) {
  const { db, clock, ledger, clients, files, brokerage } = deps;

  async function offerOf(id: string, executor: Executor = db) {
    const [row] = await executor.select().from(offers).where(eq(offers.id, id));
    if (!row) throw notFound(OM.offerNotFound);
    return row;
  }

  function columnsOf(input: OfferInput) {
    const bonus = input.kind === 'bonus';
    return {
      title: input.title,
      body: input.body,
      kind: input.kind,
      bonusKind: bonus ? input.bonus_kind : null,
      amountPaise: bonus && input.bonus_kind === 'fixed' ? input.amount_paise : null,
      cashbackBps: bonus && input.bonus_kind === 'cashback' ? input.cashback_bps : null,
      cashbackCapPaise: bonus && input.bonus_kind === 'cashback' ? input.cashback_cap_paise : null,
      budgetPaise: bonus ? input.budget_paise : null,
      minVip: input.min_vip,
      validFrom: new Date(input.valid_from),
      validUntil: new Date(input.valid_until),
      status: input.status,
    };
  }

  /** Why a client may not claim an offer now, or null when they may (the budget aside). */
  function refusal(row: OfferRow, client: ClientRow, now: Date): string | null {
    if (row.kind !== 'bonus') return OM.notABonus;
    if (now < row.validFrom) return OM.notStarted;
    if (now >= row.validUntil) return OM.expired;
    if (client.vip < row.minVip) return OM.notForYou;
    return null;
  }

  /** What this client's bonus would be now: the fixed amount, or the cashback to its cap. */
  async function amountFor(row: OfferRow, clientId: string, now: Date): Promise<bigint> {
    if (row.bonusKind === 'fixed') return row.amountPaise!;
    const paid = await brokerage(clientId, row.validFrom, now);
    if (paid <= 0n) throw badRequest(OM.noBrokerage);
    const back = cashbackOf(paid, row.cashbackBps!, row.cashbackCapPaise!);
    // Brokerage was paid, but its share rounds down to nothing: say so, not "no brokerage".
    if (back <= 0n) throw badRequest(OM.cashbackUnderPaisa);
    return back;
  }

  return {
    /** Published offers running now that the client's VIP level reaches, with their claims. */
    async listFor(client: ClientRow): Promise<TOfferView[]> {
      if (!client.allowBonus) throw forbidden(OM.notAllowed);
      const now = clock.now();
      const rows = await db
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.status, 'published'),
            lte(offers.validFrom, now),
            gt(offers.validUntil, now),
            lte(offers.minVip, client.vip),
          ),
        )
        .orderBy(desc(offers.validFrom));
      const claimed = rows.length
        ? await db
            .select()
            .from(offerClaims)
            .where(
              and(
                eq(offerClaims.clientId, client.id),
                inArray(
                  offerClaims.offerId,
                  rows.map((r) => r.id),
                ),
              ),
            )
        : [];
      return rows.map((row) => {
        const mine = claimed.find((c) => c.offerId === row.id);
        const room =
          row.budgetPaise === null ||
          row.budgetUsedPaise + (row.amountPaise ?? 1n) <= row.budgetPaise;
        return {
          ...baseView(row),
          claimable: !mine && row.kind === 'bonus' && room && refusal(row, client, now) === null,
          claimed: mine
            ? {
                id: mine.id,
                amount_paise: paiseNumber(mine.amountPaise),
                claimed_at: mine.createdAt.toISOString(),
              }
            : null,
        };
      });
    },

    /**
     * Claims a bonus: refused plainly (400) before anything is written when it cannot be had;
     * then in one transaction the budget taken (guarded), the claim row (unique per client)
     * and the posting. A race on the last of the budget is lost with the budget message.
     */
    async claim(
      client: ClientRow,
      offerId: string,
      options: { actor: Actor; transaction?: TransactionRunner },
    ): Promise<TOfferClaim> {
      if (!client.allowBonus) throw forbidden(OM.notAllowed);
      // A bonus is money into the account: like a deposit, it needs approved KYC.
      if (client.kycStatus !== 'approved') throw forbidden(OM.kycRequired);
      const row = await offerOf(offerId);
      if (row.status !== 'published') throw notFound(OM.offerNotFound);
      const now = clock.now();
      const refused = refusal(row, client, now);
      if (refused) throw badRequest(refused);
      const [already] = await db
        .select({ id: offerClaims.id })
        .from(offerClaims)
        .where(and(eq(offerClaims.offerId, offerId), eq(offerClaims.clientId, client.id)));
      if (already) throw badRequest(OM.alreadyClaimed);
      const amount = await amountFor(row, client.id, now);
      if (amount <= 0n) throw badRequest(OM.noBrokerage);
      // Fails fast once the budget is gone; the guarded UPDATE below is what holds in a race.
      if (row.budgetPaise === null || row.budgetUsedPaise + amount > row.budgetPaise)
        throw badRequest(OM.exhausted);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const [taken] = await tx
          .update(offers)
          .set({
            budgetUsedPaise: sql`${offers.budgetUsedPaise} + ${amount}`,
            claims: sql`${offers.claims} + 1`,
          })
          .where(
            and(
              eq(offers.id, offerId),
              eq(offers.status, 'published'),
              lte(offers.validFrom, now),
              gt(offers.validUntil, now),
              sql`${offers.budgetUsedPaise} + ${amount} <= ${offers.budgetPaise}`,
            ),
          )
          .returning();
        if (!taken) {
          const current = await offerOf(offerId, tx);
          throw badRequest(
            current.status !== 'published'
              ? OM.expired
              : (refusal(current, client, now) ?? OM.exhausted),
          );
        }
        const id = randomUUID();
        let claim: ClaimRow;
        try {
          [claim] = (await tx
            .insert(offerClaims)
            .values({ id, offerId, clientId: client.id, amountPaise: amount, createdAt: now })
            .returning()) as [ClaimRow];
        } catch (error) {
          if (isUniqueViolation(error, 'offer_claims_once')) throw badRequest(OM.alreadyClaimed);
          throw error;
        }
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
        await tx
          .update(offerClaims)
          .set({ postingId: posted.postingId })
          .where(eq(offerClaims.id, id));
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
        await recordAudit(tx, options.actor, {
          action: 'offer.claim',
          subjectType: 'offer',
          subjectId: offerId,
          after: { clientId: client.id, claimId: id, amountPaise: amount.toString() },
        });
        return claimView(claim, row.title);
      });
    },

    /** A client's bonus claims with their offers' titles, newest first (applications page). */
    async claimsOfClient(clientId: string): Promise<TOfferClaim[]> {
      const rows = await db
        .select({ claim: offerClaims, title: offers.title })
        .from(offerClaims)
        .innerJoin(offers, eq(offers.id, offerClaims.offerId))
        .where(eq(offerClaims.clientId, clientId))
        .orderBy(desc(offerClaims.createdAt));
      return rows.map((r) => claimView(r.claim, r.title));
    },

    // ---------- Console ----------

    async all(): Promise<TConsoleOffer[]> {
      const rows = await db.select().from(offers).orderBy(desc(offers.createdAt));
      return rows.map(consoleView);
    },

    async one(id: string) {
      return consoleView(await offerOf(id));
    },

    async create(input: OfferInput, staffId: string, actor: Actor) {
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
    },

    /** A budget may grow or shrink, never below what was already claimed. */
    async update(id: string, input: OfferInput, actor: Actor) {
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
    },

    /** Judged by content and re-encoded; a replaced picture's file goes once the row moved on. */
    async setImage(id: string, bytes: Buffer, actor: Actor) {
      const before = await offerOf(id);
      const output = await reencodeImage(bytes, IMAGE_RULE);
      const file = `${randomUUID()}.jpg`;
      await files.put(`offers/${file}`, output.data);
      const [row] = await db
        .update(offers)
        .set({ imageFile: file, updatedAt: clock.now() })
        .where(eq(offers.id, id))
        .returning();
      await recordAudit(db, actor, {
        action: 'offer.image',
        subjectType: 'offer',
        subjectId: id,
        before: { image_file: before.imageFile },
        after: { image_file: file },
      });
      if (before.imageFile) await files.remove(`offers/${before.imageFile}`);
      return consoleView(row!);
    },

    /** Clients see the offer without a picture; removing none is a no-op. */
    async removeImage(id: string, actor: Actor) {
      const previous = await inTransaction(db, async (tx) => {
        const [before] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
        if (!before) throw notFound(OM.offerNotFound);
        if (!before.imageFile) return null;
        await tx
          .update(offers)
          .set({ imageFile: null, updatedAt: clock.now() })
          .where(eq(offers.id, id));
        await recordAudit(tx, actor, {
          action: 'offer.image_remove',
          subjectType: 'offer',
          subjectId: id,
          before: { image_file: before.imageFile },
        });
        return before.imageFile;
      });
      if (previous) await files.remove(`offers/${previous}`);
      return consoleView(await offerOf(id));
    },

    async readImage(file: string): Promise<Buffer | null> {
      if (!/^[0-9a-f-]{36}\.jpg$/.test(file)) return null;
      return files.get(`offers/${file}`);
    },

    /** The claims of one offer, newest first, with who claimed. */
    async claimsOf(offerId: string, limit = 200): Promise<TConsoleOfferClaim[]> {
      const offer = await offerOf(offerId);
      const rows = await db
        .select()
        .from(offerClaims)
        .where(eq(offerClaims.offerId, offerId))
        .orderBy(desc(offerClaims.createdAt))
        .limit(limit);
      const refs = await clients.refsOf(rows.map((r) => r.clientId));
      return rows.map((r) => ({
        ...claimView(r, offer.title),
        client: {
          id: r.clientId,
          uid: refs.get(r.clientId)?.uid ?? '',
          name: refs.get(r.clientId)?.name ?? null,
        },
      }));
    },
  };
}
export type OfferService = ReturnType<typeof createOfferService>;
