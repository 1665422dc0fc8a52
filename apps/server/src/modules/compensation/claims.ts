/**
 * Compensation claims from application to payment (issue 17, docs/api-applications.md): the
 * client applies (amount under the console's cap, the related order or transaction checked
 * to be theirs through the trading and funds ports, evidence images their own uploads),
 * answers questions and may withdraw before a decision; operations review, ask, approve
 * (twice by two officers above the threshold), reject and pay. Payment credits the client's
 * cash from the firm's compensation account in the transaction that records it.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  CPM,
  DECISION_DAYS,
  formatPaise,
  OPEN_CLAIM_STATUSES,
  paiseNumber,
  type TClaimDetail,
  type TClaimEvent,
  type TClaimStatus,
  type TClaimView,
  type TCompensationCategory,
  type TCompensationSettings,
  type TConsoleClaim,
  type TConsoleClaimDetail,
  type TRelatedKind,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import {
  inTransaction,
  plainTransaction,
  type TransactionRunner,
} from '../../platform/transaction.ts';
import {
  approvalStep,
  approvalsFor,
  assertDecider,
  secondOfficerWhere,
} from '../../platform/maker-checker.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import { assertSees, type Viewer } from '../../platform/viewer.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import { clientAccount, firmAccount, type LedgerService } from '../ledger/service.ts';
import type { StaffService } from '../staff/service.ts';
import type { UploadService } from '../uploads/service.ts';
import { applyClaimTransition, type ClaimRow, recordClaimEvent } from './lifecycle.ts';
import {
  compensationClaims,
  compensationConfig,
  compensationEvents,
  compensationEvidence,
} from './tables.ts';
import { ageDays, claimView, dueDate } from './views.ts';

/**
 * Whether a client's order, deposit or withdrawal exists and is theirs: its label for the
 * claim ("Order BUY 10 INFY", "Deposit ₹5,000.00"), or null. Wired in context.ts from the
 * trading and funds services, so this module reads none of their tables.
 */
export type RelatedRecords = (
  clientId: string,
  kind: TRelatedKind,
  id: string,
) => Promise<string | null>;

type Deps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  clients: ClientService;
  staff: StaffService;
  uploads: UploadService;
  related: RelatedRecords;
  events?: TransitionEvents | undefined;
};

/** Defaults when the console has not set them (the seed migration writes the same). */
export const DEFAULT_SETTINGS: TCompensationSettings = {
  max_claim_paise: 100_000_000, // ₹10,00,000
  approval_threshold_paise: 5_000_000, // ₹50,000
};

const DECIDABLE: TClaimStatus[] = ['submitted', 'under_review'];

export function createClaims(deps: Deps) {
  const { db, clock, ledger, clients, staff, uploads, related, events } = deps;

  // ---------- Settings ----------

  async function settings(executor: Executor = db): Promise<TCompensationSettings> {
    const rows = await executor.select().from(compensationConfig);
    const read = { ...DEFAULT_SETTINGS };
    for (const row of rows)
      if (row.key in read) read[row.key as keyof TCompensationSettings] = Number(row.value);
    return read;
  }

  // ---------- Access ----------

  /** A claim ever made stays readable to its owner whatever the flag says now. */
  async function hasClaims(clientId: string) {
    const [row] = await db
      .select({ id: compensationClaims.id })
      .from(compensationClaims)
      .where(eq(compensationClaims.clientId, clientId))
      .limit(1);
    return !!row;
  }

  async function decider(staffId: string) {
    const row = await staff.findById(staffId);
    assertDecider(row, 'compensationDecide', CPM.deciderOnly);
    return row;
  }

  // ---------- Evidence ----------

  /** The uploads behind signed links, each the client's own evidence image; 400 otherwise. */
  async function evidenceUploads(clientId: string, urls: string[]) {
    const found = await Promise.all(
      [...new Set(urls)].map((url) => uploads.ownedUploadFromUrl(clientId, url, 'evidence')),
    );
    if (found.some((u) => u === null)) throw badRequest(CPM.imageNotYours);
    return found.map((u) => u!.id);
  }

  async function attach(tx: Tx, claimId: string, uploadIds: string[], eventId: number | null) {
    if (uploadIds.length === 0) return;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(compensationEvidence)
      .where(eq(compensationEvidence.claimId, claimId));
    await tx
      .insert(compensationEvidence)
      .values(
        uploadIds.map((uploadId, i) => ({
          claimId,
          uploadId,
          eventId,
          position: (row?.n ?? 0) + i,
        })),
      )
      .onConflictDoNothing();
  }

  // ---------- Reads ----------

  async function claimOf(claimId: string, clientId?: string, executor: Executor = db) {
    const [row] = await executor
      .select()
      .from(compensationClaims)
      .where(
        and(
          eq(compensationClaims.id, claimId),
          clientId ? eq(compensationClaims.clientId, clientId) : undefined,
        ),
      );
    if (!row) throw notFound(CPM.claimNotFound);
    return row;
  }

  async function timeline(
    claimIds: string[],
    baseUrl: string | null,
    executor: Executor = db,
  ): Promise<{ events: Map<string, TClaimEvent[]>; evidence: Map<string, string[]> }> {
    const events = new Map<string, TClaimEvent[]>();
    const evidence = new Map<string, string[]>();
    if (claimIds.length === 0) return { events, evidence };
    // One after the other: inside a transaction the executor is one connection.
    const eventRows = await executor
      .select()
      .from(compensationEvents)
      .where(inArray(compensationEvents.claimId, claimIds))
      .orderBy(asc(compensationEvents.id));
    const evidenceRows = await executor
      .select()
      .from(compensationEvidence)
      .where(inArray(compensationEvidence.claimId, claimIds))
      .orderBy(asc(compensationEvidence.position));
    const link = (uploadId: string) => (baseUrl ? uploads.signedUrl(baseUrl, uploadId) : uploadId);
    for (const e of eventRows) {
      const images = evidenceRows.filter((v) => v.eventId === e.id).map((v) => link(v.uploadId));
      events.set(e.claimId, [
        ...(events.get(e.claimId) ?? []),
        {
          at: e.at.toISOString(),
          kind: e.kind,
          by: e.by as TClaimEvent['by'],
          message: e.message,
          images,
        },
      ]);
    }
    for (const v of evidenceRows)
      evidence.set(v.claimId, [...(evidence.get(v.claimId) ?? []), link(v.uploadId)]);
    return { events, evidence };
  }

  async function detail(
    row: ClaimRow,
    baseUrl: string | null,
    executor: Executor = db,
  ): Promise<TClaimDetail> {
    const { events: ev, evidence } = await timeline([row.id], baseUrl, executor);
    return {
      ...claimView(row, clock.now()),
      evidence: evidence.get(row.id) ?? [],
      events: ev.get(row.id) ?? [],
    };
  }

  async function consoleExtras(rows: ClaimRow[], executor: Executor = db) {
    const refs = await clients.refsOf(
      rows.map((r) => r.clientId),
      executor,
    );
    const names = await staff.namesOf(
      rows.flatMap((r) => [r.firstApprovedBy, r.secondApprovedBy]),
      executor,
    );
    const now = clock.now();
    return rows.map((row): TConsoleClaim => ({
      ...claimView(row, now),
      client: {
        id: row.clientId,
        uid: refs.get(row.clientId)?.uid ?? '',
        name: refs.get(row.clientId)?.name ?? null,
      },
      age_days: ageDays(row, now),
      approved_by: [row.firstApprovedBy, row.secondApprovedBy]
        .filter((id): id is string => id !== null)
        .map((id) => names.get(id)?.email ?? id),
    }));
  }

  async function consoleDetailOf(
    row: ClaimRow,
    baseUrl: string | null,
    executor: Executor = db,
  ): Promise<TConsoleClaimDetail> {
    // One after the other: inside a transaction the executor is one connection.
    const [extras] = await consoleExtras([row], executor);
    const full = await detail(row, baseUrl, executor);
    const prior = await executor
      .select()
      .from(compensationClaims)
      .where(
        and(
          eq(compensationClaims.clientId, row.clientId),
          sql`${compensationClaims.id} <> ${row.id}`,
        ),
      )
      .orderBy(desc(compensationClaims.createdAt))
      .limit(20);
    return {
      ...extras!,
      evidence: full.evidence,
      events: full.events,
      prior_claims: prior.map((p) => claimView(p, clock.now())),
    };
  }

  async function assertVisible(viewer: Viewer | null, row: ClaimRow) {
    if (!viewer || viewer.seesAdvisor === null) return;
    assertSees(viewer, (await clients.byId(row.clientId)).advisorId);
  }

  // ---------- Decisions ----------

  type DecideOptions = { staffId: string; actor: Actor; transaction?: TransactionRunner };
  const staffEvent = (message: string) => ({ by: 'staff' as const, message });

  /**
   * An officer's approval, of the amount claimed or (partly) less. With one approval needed
   * it decides; above the threshold the first officer's proposal is recorded and a different
   * officer's approval decides it at that amount. The row is locked first, so concurrent
   * decisions line up: the second finds the claim decided (409).
   */
  async function approveIn(
    tx: Tx,
    claimId: string,
    input: { amount?: bigint | undefined; reason: string },
    options: DecideOptions,
  ) {
    const [row] = await tx
      .select()
      .from(compensationClaims)
      .where(eq(compensationClaims.id, claimId))
      .for('update');
    if (!row) throw notFound(CPM.claimNotFound);
    if (!DECIDABLE.includes(row.status as TClaimStatus))
      throw conflict(CPM.alreadyStatus(row.status as TClaimStatus));
    const now = clock.now();
    const decide = async (amount: bigint, set: Partial<ClaimRow>, where: SQL) => {
      const partly = amount < row.amountClaimedPaise;
      return applyClaimTransition(tx, clock, {
        events,
        claimId,
        action: partly ? 'partly_approve' : 'approve',
        actor: options.actor,
        set: {
          ...set,
          amountApprovedPaise: amount,
          decidedBy: options.staffId,
          decidedAt: now,
          reason: input.reason,
        },
        where,
        event: staffEvent(
          partly
            ? `Partly approved: ${formatPaise(amount)} of ${formatPaise(row.amountClaimedPaise)}. ${input.reason}`
            : `Approved: ${formatPaise(amount)}. ${input.reason}`,
        ),
        audit: { staffId: options.staffId, amountPaise: amount.toString(), reason: input.reason },
      });
    };

    if (row.firstApprovedBy === null) {
      const amount = input.amount ?? row.amountClaimedPaise;
      if (amount > row.amountClaimedPaise) throw badRequest(CPM.partAmountRequired);
      const { approval_threshold_paise: threshold } = await settings(tx);
      if (approvalsFor(amount, BigInt(threshold)) === 1)
        return (
          await decide(
            amount,
            { approvalsRequired: 1, firstApprovedBy: options.staffId, firstApprovedAt: now },
            isNull(compensationClaims.firstApprovedBy),
          )
        ).row;
      const [first] = await tx
        .update(compensationClaims)
        .set({
          approvalsRequired: 2,
          firstApprovedBy: options.staffId,
          firstApprovedAt: now,
          proposedPaise: amount,
          reason: input.reason,
          updatedAt: now,
        })
        .where(
          and(
            eq(compensationClaims.id, claimId),
            inArray(compensationClaims.status, DECIDABLE),
            isNull(compensationClaims.firstApprovedBy),
          ),
        )
        .returning();
      if (!first) throw conflict(CPM.alreadyStatus(row.status as TClaimStatus));
      await recordAudit(tx, options.actor, {
        action: 'compensation.approve_first',
        subjectType: 'compensation_claim',
        subjectId: claimId,
        before: { status: row.status, approvals: 0 },
        after: {
          status: row.status,
          approvals: 1,
          staffId: options.staffId,
          amountPaise: amount.toString(),
          reason: input.reason,
        },
      });
      await recordClaimEvent(tx, clock, claimId, {
        kind: 'approve_first',
        by: 'staff',
        message: 'First approval given; a second officer reviews claims of this size.',
      });
      return first;
    }
    approvalStep(row, options.staffId, CPM.secondApprovalSameOfficer);
    const amount = row.proposedPaise ?? row.amountClaimedPaise;
    if (input.amount !== undefined && input.amount !== amount)
      throw badRequest(
        `The second approval confirms the first officer’s amount of ${formatPaise(amount)}; reject the claim or ask for information to start again.`,
      );
    return (
      await decide(
        amount,
        { secondApprovedBy: options.staffId },
        secondOfficerWhere(compensationClaims.firstApprovedBy, options.staffId),
      )
    ).row;
  }

  /** Pays an approved claim: the status step and the ledger posting in one transaction. */
  async function payIn(tx: Tx, claimId: string, options: DecideOptions) {
    const now = clock.now();
    const { row } = await applyClaimTransition(tx, clock, {
      events,
      claimId,
      action: 'pay',
      actor: options.actor,
      set: { paidBy: options.staffId, paidAt: now },
      event: { by: 'system', message: 'Compensation paid to your cash.' },
      effect: async (moved) => {
        const amount = moved.amountApprovedPaise!;
        const posted = await ledger.transfer(tx, {
          kind: 'compensation',
          clientId: moved.clientId,
          memo: `Compensation for claim ${moved.reference}: ${formatPaise(amount)}`,
          reference: `compensation:${moved.id}`,
          idempotencyKey: `compensation:${moved.id}:pay`,
          from: firmAccount('compensation'),
          to: clientAccount(moved.clientId, 'cash_available'),
          amount,
        });
        const [paid] = await tx
          .update(compensationClaims)
          .set({ paymentPostingId: posted.postingId })
          .where(eq(compensationClaims.id, moved.id))
          .returning();
        return paid!;
      },
      audit: { staffId: options.staffId },
    });
    return row;
  }

  return {
    settings,
    hasClaims,

    async saveSettings(input: TCompensationSettings, actor: Actor) {
      return inTransaction(db, async (tx) => {
        const before = await settings(tx);
        for (const [key, value] of Object.entries(input))
          await tx
            .insert(compensationConfig)
            .values({ key, value, updatedAt: clock.now() })
            .onConflictDoUpdate({
              target: compensationConfig.key,
              set: { value, updatedAt: clock.now() },
            });
        await recordAudit(tx, actor, {
          action: 'compensation.settings',
          subjectType: 'compensation_config',
          subjectId: 'settings',
          before,
          after: input,
        });
        return settings(tx);
      });
    },

    /**
     * A client's claim: the flag (403), the cap, the related record and the images checked
     * before anything is written; then the claim, its evidence and first event at once.
     */
    async apply(
      client: ClientRow,
      input: {
        category: TCompensationCategory;
        amount_paise: bigint;
        description: string;
        related: { kind: TRelatedKind; id: string } | null;
        evidence: string[];
      },
      options: { actor: Actor; baseUrl: string; transaction?: TransactionRunner },
    ): Promise<TClaimDetail> {
      if (!client.allowCompensation) throw forbidden(CPM.notAllowed);
      // A claim asks the firm for money: only a client whose identity is verified may file one.
      if (client.kycStatus !== 'approved') throw forbidden(CPM.kycRequired);
      const { max_claim_paise: cap } = await settings();
      if (input.amount_paise > BigInt(cap)) throw badRequest(CPM.amountAboveCap(cap));
      const label = input.related
        ? await related(client.id, input.related.kind, input.related.id)
        : null;
      if (input.related && label === null) throw badRequest(CPM.relatedNotYours);
      const images = await evidenceUploads(client.id, input.evidence);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const now = clock.now();
        const id = randomUUID();
        const [seq] = (
          (await tx.execute(
            sql`select nextval(pg_get_serial_sequence('compensation_claims', 'number'))::int as n`,
          )) as unknown as { rows: { n: number }[] }
        ).rows;
        const number = seq!.n;
        const reference = `CMP-${now.getUTCFullYear()}-${String(number).padStart(6, '0')}`;
        const due = dueDate(now, DECISION_DAYS);
        // The count of officers it needs shows from the start ("0 of 2", not "0 of 1" then
        // "1 of 2"); a first approval of a partial amount sets it again (approveIn).
        const { approval_threshold_paise: threshold } = await settings(tx);
        const [row] = await tx
          .insert(compensationClaims)
          .values({
            id,
            number,
            reference,
            clientId: client.id,
            category: input.category,
            amountClaimedPaise: input.amount_paise,
            approvalsRequired: input.amount_paise > BigInt(threshold) ? 2 : 1,
            description: input.description,
            relatedKind: input.related?.kind ?? null,
            relatedId: input.related?.id ?? null,
            relatedLabel: label,
            decisionDue: due,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const eventId = await recordClaimEvent(tx, clock, id, {
          kind: 'submit',
          by: 'client',
          message: `Claim ${reference} submitted for ${formatPaise(input.amount_paise)}. A decision is due by ${due}.`,
        });
        await attach(tx, id, images, eventId);
        await recordAudit(tx, options.actor, {
          action: 'compensation.apply',
          subjectType: 'compensation_claim',
          subjectId: id,
          after: {
            clientId: client.id,
            reference,
            category: input.category,
            amountPaise: input.amount_paise.toString(),
            related: input.related,
            images: images.length,
          },
        });
        return detail(row!, options.baseUrl, tx);
      });
    },

    /** The client answers a question: text and images; the claim goes back under review. */
    async reply(
      clientId: string,
      claimId: string,
      input: { message: string; evidence: string[] },
      options: { actor: Actor; baseUrl: string },
    ): Promise<TClaimDetail> {
      await claimOf(claimId, clientId);
      const images = await evidenceUploads(clientId, input.evidence);
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(compensationEvidence)
          .where(eq(compensationEvidence.claimId, claimId));
        if ((row?.n ?? 0) + images.length > 50) throw badRequest(CPM.tooManyImages(50));
        const { row: moved, eventId } = await applyClaimTransition(tx, clock, {
          events,
          claimId,
          clientId,
          action: 'reply',
          actor: options.actor,
          event: { by: 'client', message: input.message },
          audit: { images: images.length },
        });
        await attach(tx, claimId, images, eventId);
        return detail(moved, options.baseUrl, tx);
      });
    },

    async withdraw(clientId: string, claimId: string, options: { actor: Actor; baseUrl: string }) {
      return inTransaction(db, async (tx) => {
        const { row } = await applyClaimTransition(tx, clock, {
          events,
          claimId,
          clientId,
          action: 'withdraw',
          actor: options.actor,
          set: { firstApprovedBy: null, proposedPaise: null },
          event: { by: 'client', message: 'Claim withdrawn.' },
        });
        return detail(row, options.baseUrl, tx);
      });
    },

    async listOfClient(clientId: string, status?: TClaimStatus): Promise<TClaimView[]> {
      const rows = await db
        .select()
        .from(compensationClaims)
        .where(
          and(
            eq(compensationClaims.clientId, clientId),
            status ? eq(compensationClaims.status, status) : undefined,
          ),
        )
        .orderBy(desc(compensationClaims.createdAt));
      return rows.map((r) => claimView(r, clock.now()));
    },

    async ofClient(clientId: string, claimId: string, baseUrl: string) {
      return detail(await claimOf(claimId, clientId), baseUrl);
    },

    /** Every claim of a client with its timeline, for the applications page. */
    async applicationsOf(clientId: string) {
      const rows = await db
        .select()
        .from(compensationClaims)
        .where(eq(compensationClaims.clientId, clientId))
        .orderBy(desc(compensationClaims.createdAt));
      const { events: ev } = await timeline(
        rows.map((r) => r.id),
        null,
      );
      return rows.map((r) => ({ view: claimView(r, clock.now()), events: ev.get(r.id) ?? [] }));
    },

    // ---------- Console ----------

    /**
     * The queue. Open claims: due first, so overdue ones lead (the due date is 21 days after
     * submission); any other status newest first.
     */
    async queue(
      viewer: Viewer | null,
      filter: {
        status: TClaimStatus | 'open' | 'all';
        clientId?: string | undefined;
        after?: [string, string] | null;
        limit: number;
      },
    ) {
      const where: (SQL | undefined)[] = [];
      const open = filter.status === 'open';
      if (open) where.push(inArray(compensationClaims.status, [...OPEN_CLAIM_STATUSES]));
      else if (filter.status !== 'all') where.push(eq(compensationClaims.status, filter.status));
      if (filter.clientId) where.push(eq(compensationClaims.clientId, filter.clientId));
      if (viewer && viewer.seesAdvisor !== null)
        where.push(inArray(compensationClaims.clientId, clients.idsOfAdvisor(viewer.seesAdvisor)));
      if (filter.after) {
        const [at, id] = filter.after;
        where.push(
          open
            ? sql`(${compensationClaims.createdAt}, ${compensationClaims.id}) > (${at}::timestamptz, ${id}::uuid)`
            : sql`(${compensationClaims.createdAt}, ${compensationClaims.id}) < (${at}::timestamptz, ${id}::uuid)`,
        );
      }
      const rows = await db
        .select({
          row: compensationClaims,
          cursorAt: sql<string>`${compensationClaims.createdAt}::text`,
        })
        .from(compensationClaims)
        .where(and(...where))
        .orderBy(
          ...(open
            ? [asc(compensationClaims.createdAt), asc(compensationClaims.id)]
            : [desc(compensationClaims.createdAt), desc(compensationClaims.id)]),
        )
        .limit(filter.limit + 1);
      const views = await consoleExtras(rows.map((r) => r.row));
      return rows.map((r, i) => ({ ...r, view: views[i]! }));
    },

    async consoleDetail(viewer: Viewer | null, claimId: string, baseUrl: string | null) {
      const row = await claimOf(claimId);
      await assertVisible(viewer, row);
      return consoleDetailOf(row, baseUrl);
    },

    async countOpen() {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(compensationClaims)
        .where(inArray(compensationClaims.status, [...OPEN_CLAIM_STATUSES]));
      return row?.n ?? 0;
    },

    async review(claimId: string, options: DecideOptions & { baseUrl?: string | null }) {
      await decider(options.staffId);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const { row } = await applyClaimTransition(tx, clock, {
          events,
          claimId,
          action: 'review',
          actor: options.actor,
          event: staffEvent('An officer is reviewing your claim.'),
          audit: { staffId: options.staffId },
        });
        return consoleDetailOf(row, options.baseUrl ?? null, tx);
      });
    },

    /** Asks the client for more; a first approval given so far lapses (the facts change). */
    async askInfo(
      claimId: string,
      question: string,
      options: DecideOptions & { baseUrl?: string | null },
    ) {
      await decider(options.staffId);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const { row } = await applyClaimTransition(tx, clock, {
          events,
          claimId,
          action: 'ask_info',
          actor: options.actor,
          set: { firstApprovedBy: null, firstApprovedAt: null, proposedPaise: null },
          event: staffEvent(question),
          audit: { staffId: options.staffId, question },
        });
        return consoleDetailOf(row, options.baseUrl ?? null, tx);
      });
    },

    async approve(
      claimId: string,
      input: { amount?: bigint | undefined; reason: string },
      options: DecideOptions & { baseUrl?: string | null },
    ) {
      await decider(options.staffId);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) =>
        consoleDetailOf(await approveIn(tx, claimId, input, options), options.baseUrl ?? null, tx),
      );
    },

    async reject(
      claimId: string,
      reason: string,
      options: DecideOptions & { baseUrl?: string | null },
    ) {
      await decider(options.staffId);
      const why = reason.trim();
      if (!why) throw badRequest(CPM.reasonRequired);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) => {
        const { row } = await applyClaimTransition(tx, clock, {
          events,
          claimId,
          action: 'reject',
          actor: options.actor,
          set: { decidedBy: options.staffId, decidedAt: clock.now(), reason: why },
          event: staffEvent(`Rejected: ${why}`),
          audit: { staffId: options.staffId, reason: why },
        });
        return consoleDetailOf(row, options.baseUrl ?? null, tx);
      });
    },

    async pay(claimId: string, options: DecideOptions & { baseUrl?: string | null }) {
      await decider(options.staffId);
      const transaction = options.transaction ?? plainTransaction(db);
      return transaction(async (tx) =>
        consoleDetailOf(await payIn(tx, claimId, options), options.baseUrl ?? null, tx),
      );
    },

    /** What compensation the firm has paid (the console's dashboard). */
    async paidTotal(): Promise<number> {
      const [row] = await db
        .select({
          total: sql<string>`coalesce(sum(${compensationClaims.amountApprovedPaise}), 0)::text`,
        })
        .from(compensationClaims)
        .where(eq(compensationClaims.status, 'paid'));
      return paiseNumber(BigInt(row?.total ?? '0'));
    },
  };
}
export type Claims = ReturnType<typeof createClaims>;
