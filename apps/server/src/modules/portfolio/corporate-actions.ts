/**
 * Corporate actions: entered (console, CLI) or imported from NSE's file, listed, and applied on
 * their ex-date. A console entry is `proposed` until a second, different officer approves it
 * (maker-checker, as loans and claims above their thresholds); the operator CLI's entries are
 * `entered` at once. Applying is idempotent: an action is applied once (its step to `applied`
 * is taken in the transaction that records its effects, on the row locked), each client's
 * dividend row and holding adjustment is unique per action. Dividends are recorded; splits,
 * consolidations, bonuses and symbol changes are applied to holdings, lots, pledges, open
 * orders and GTTs by trading (decision 040).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import {
  CORPORATE_ACTION_STEPS,
  PORTFOLIO_MESSAGES as PM,
  type ShareRatio,
  type TCorporateActionInput,
  type TCorporateActionStatus,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { approvalStep } from '../../platform/maker-checker.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition, lifecycle } from '../../platform/transitions.ts';
import type { HoldingAction } from '../trading/service.ts';
import { recordDividend } from './dividends.ts';
import type { ParsedAction, RejectedRow } from './nse-actions-file.ts';
import { parseNseActionsFile } from './nse-actions-file.ts';
import { corporateActions } from './tables.ts';

export type HoldersBefore = (
  symbol: string,
  exDate: string,
  executor: Executor,
) => Promise<{ clientId: string; quantity: number }[]>;

export type ApplyToHoldings = (
  tx: Tx,
  action: HoldingAction,
  actor: Actor,
) => Promise<{ clients: number; ordersCancelled: number; gttsCancelled: number }>;

/**
 * The prices set before a split's, consolidation's or bonus's ex-date moved to the new shares
 * in the same transaction: the market's candles and quote, the clients' price alerts.
 */
export type RebasePrices = (tx: Tx, action: HoldingAction) => Promise<{ alertsRebased: number }>;

type Deps = {
  db: Db;
  clock: Clock;
  holdersBefore: HoldersBefore;
  applyToHoldings: ApplyToHoldings;
  rebasePrices: RebasePrices;
};
type ActionRow = typeof corporateActions.$inferSelect;

const ACTION = lifecycle({
  name: 'corporate_action',
  subject: 'corporate_action',
  table: corporateActions,
  state: { field: 'status' },
  transitions: CORPORATE_ACTION_STEPS,
  refuse: (_step, current: TCorporateActionStatus | null) =>
    current === null ? notFound(PM.actionNotFound) : conflict(PM.actionNotProposed(current)),
});

/** What trading needs of a split, consolidation, bonus or symbol change. */
const holdingActionOf = (a: ActionRow): HoldingAction => ({
  id: a.id,
  symbol: a.symbol,
  kind: a.kind as HoldingAction['kind'],
  ratioNew: a.kind === 'symbol_change' ? 1 : a.ratioNew!,
  ratioOld: a.kind === 'symbol_change' ? 1 : a.ratioOld!,
  newSymbol: a.newSymbol,
  exDate: a.exDate,
  allotDate: a.paymentDate ?? a.recordDate ?? a.exDate,
});

function rowOf(input: TCorporateActionInput | ParsedAction, source: string, now: Date) {
  const a =
    'ex_date' in input
      ? {
          symbol: input.symbol,
          kind: input.kind,
          ratioNew: input.ratio_new ?? null,
          ratioOld: input.ratio_old ?? null,
          perSharePaise: input.per_share_paise === undefined ? null : BigInt(input.per_share_paise),
          newSymbol: input.new_symbol ?? null,
          newName: input.new_name ?? null,
          exDate: input.ex_date,
          recordDate: input.record_date ?? null,
          paymentDate: input.payment_date ?? null,
          purpose: input.purpose ?? input.kind,
        }
      : {
          symbol: input.symbol,
          kind: input.kind,
          ratioNew: input.ratioNew ?? null,
          ratioOld: input.ratioOld ?? null,
          perSharePaise: input.perSharePaise ?? null,
          exDate: input.exDate,
          recordDate: input.recordDate,
          purpose: input.purpose,
        };
  return { id: randomUUID(), ...a, source, createdAt: now };
}

export function createCorporateActions(deps: Deps) {
  const { db, clock, holdersBefore, applyToHoldings, rebasePrices } = deps;
  /**
   * Adds actions; one already on record (same scrip, kind and ex-date) is left as it is. With
   * `proposedBy` (a console officer) they wait for a second officer's approval.
   */
  async function add(
    inputs: (TCorporateActionInput | ParsedAction)[],
    source: string,
    actor: Actor,
    proposedBy?: string,
  ) {
    return db.transaction(async (tx) => {
      const status = proposedBy ? 'proposed' : 'entered';
      const rows = inputs.map((i) => ({
        ...rowOf(i, source, clock.now()),
        status,
        proposedBy: proposedBy ?? null,
      }));
      const added = rows.length
        ? await tx.insert(corporateActions).values(rows).onConflictDoNothing().returning()
        : [];
      for (const row of added)
        await recordAudit(tx, actor, {
          action: 'portfolio.corporate_action.add',
          subjectType: 'corporate_action',
          subjectId: row.id,
          before: null,
          after: { ...row, perSharePaise: row.perSharePaise?.toString() ?? null },
        });
      return added;
    });
  }

  async function importFile(text: string, actor: Actor, proposedBy?: string) {
    const { actions, rejected } = parseNseActionsFile(text);
    const added = await add(actions, 'nse_file', actor, proposedBy);
    return { added, already: actions.length - added.length, rejected } as {
      added: typeof added;
      already: number;
      rejected: RejectedRow[];
    };
  }

  const list = () =>
    db
      .select()
      .from(corporateActions)
      .orderBy(desc(corporateActions.exDate), asc(corporateActions.symbol));

  /** Applies one entered action in its own transaction; null when another run got there first. */
  async function applyOne(id: string, actor: Actor) {
    return inTransaction(db, async (tx) => {
      const [locked] = await tx
        .select()
        .from(corporateActions)
        .where(and(eq(corporateActions.id, id), eq(corporateActions.status, 'entered')))
        .for('update');
      if (!locked) return null;
      let effect: Record<string, number>;
      if (locked.kind === 'dividend') {
        const holders = await holdersBefore(locked.symbol, locked.exDate, tx);
        effect = { clients: await recordDividend(tx, locked, holders, clock.now()) };
      } else if (locked.kind === 'symbol_change' && !locked.newSymbol) {
        effect = { clients: 0 }; // a change of name alone moves no holding
      } else {
        const action = holdingActionOf(locked);
        effect = await applyToHoldings(tx, action, actor);
        if (action.kind !== 'symbol_change')
          effect = { ...effect, ...(await rebasePrices(tx, action)) };
      }
      await applyTransition(tx, ACTION, 'apply', {
        id: locked.id,
        at: clock.now(),
        set: { appliedAt: clock.now() },
        audit: { actor, details: () => effect },
      });
      return { ...locked, clients: effect.clients ?? 0 };
    });
  }

  /** Applies what is due by `day` (ex-date on or before it) and not applied yet. */
  async function applyDue(day: string, actor: Actor) {
    const due = await db
      .select()
      .from(corporateActions)
      .where(and(eq(corporateActions.status, 'entered'), lte(corporateActions.exDate, day)))
      .orderBy(asc(corporateActions.exDate), asc(corporateActions.createdAt));
    const applied: { id: string; symbol: string; kind: string; clients: number }[] = [];
    for (const action of due) {
      const done = await applyOne(action.id, actor);
      if (done) applied.push(done);
    }
    return {
      applied,
      skipped: [] as { id: string; symbol: string; kind: string; reason: string }[],
    };
  }

  /**
   * A second officer approves a proposed action; one whose ex-date has come is applied at
   * once (an action entered late is applied once, from the console, audited).
   */
  async function approve(id: string, staffId: string, actor: Actor, today: string) {
    const row = await inTransaction(db, async (tx) => {
      const [current] = await tx
        .select()
        .from(corporateActions)
        .where(eq(corporateActions.id, id))
        .for('update');
      if (!current) throw notFound(PM.actionNotFound);
      // The proposer is the first of two officers; the approver must be someone else.
      if (current.status === 'proposed')
        approvalStep(
          { approvalsRequired: 2, firstApprovedBy: current.proposedBy },
          staffId,
          PM.actionSameOfficer,
        );
      return applyTransition(tx, ACTION, 'approve', {
        id,
        at: clock.now(),
        set: { decidedBy: staffId, decidedAt: clock.now() },
        audit: { actor },
      });
    });
    if (row.exDate <= today) await applyOne(row.id, actor);
    return byId(db, id);
  }

  async function reject(id: string, staffId: string, reason: string, actor: Actor) {
    const why = reason.trim();
    if (!why) throw badRequest(PM.reasonRequired);
    await inTransaction(db, (tx) =>
      applyTransition(tx, ACTION, 'reject', {
        id,
        at: clock.now(),
        set: { decidedBy: staffId, decidedAt: clock.now(), rejectReason: why },
        audit: { actor, details: () => ({ reason: why }) },
      }),
    );
    return byId(db, id);
  }

  return {
    add,
    importFile,
    list,
    applyDue,
    applyOne,
    approve,
    reject,
    byId: (id: string) => byId(db, id),
  };
}

async function byId(db: Executor, id: string): Promise<ActionRow> {
  const [row] = await db.select().from(corporateActions).where(eq(corporateActions.id, id));
  if (!row) throw notFound(PM.actionNotFound);
  return row;
}
export type CorporateActions = ReturnType<typeof createCorporateActions>;

/**
 * The applied splits, consolidations and bonuses of each symbol, oldest ex-date first: the
 * market's stored closes before each ex-date are in the new shares (decision 051), and returns
 * turn them back into the shares of their day with these.
 */
export async function appliedRatios(db: Executor, symbols: string[]) {
  const rows = symbols.length
    ? await db
        .select()
        .from(corporateActions)
        .where(
          and(
            inArray(corporateActions.symbol, symbols),
            eq(corporateActions.status, 'applied'),
            inArray(corporateActions.kind, ['split', 'consolidation', 'bonus']),
          ),
        )
        .orderBy(asc(corporateActions.exDate))
    : [];
  const bySymbol = new Map<string, { exDate: string; ratio: ShareRatio }[]>();
  for (const r of rows) {
    const list = bySymbol.get(r.symbol) ?? [];
    list.push({
      exDate: r.exDate,
      ratio: { kind: r.kind as ShareRatio['kind'], ratioNew: r.ratioNew!, ratioOld: r.ratioOld! },
    });
    bySymbol.set(r.symbol, list);
  }
  return bySymbol;
}
