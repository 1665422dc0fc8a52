/**
 * Corporate actions: entered (console, CLI) or imported from NSE's file, listed, and applied on
 * their ex-date. Applying is idempotent: an action is applied once (its status moves to
 * 'applied' in the transaction that records its effects, and each client's dividend row is
 * unique per action). Dividends are applied; splits, consolidations, bonuses and symbol
 * changes are stored and listed but not yet applied to holdings (decision 029).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { TCorporateActionInput } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { recordDividend } from './dividends.ts';
import type { ParsedAction, RejectedRow } from './nse-actions-file.ts';
import { parseNseActionsFile } from './nse-actions-file.ts';
import { corporateActions } from './tables.ts';

export type HoldersBefore = (
  symbol: string,
  exDate: string,
  executor: Executor,
) => Promise<{ clientId: string; quantity: number }[]>;

type Deps = { db: Db; clock: Clock; holdersBefore: HoldersBefore };
export const APPLIED_KINDS = new Set(['dividend']);

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
  return { id: randomUUID(), ...a, source, status: 'entered', createdAt: now };
}

export function createCorporateActions({ db, clock, holdersBefore }: Deps) {
  /** Adds actions; one already on record (same scrip, kind and ex-date) is left as it is. */
  async function add(
    inputs: (TCorporateActionInput | ParsedAction)[],
    source: string,
    actor: Actor,
  ) {
    return db.transaction(async (tx) => {
      const rows = inputs.map((i) => rowOf(i, source, clock.now()));
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

  async function importFile(text: string, actor: Actor) {
    const { actions, rejected } = parseNseActionsFile(text);
    const added = await add(actions, 'nse_file', actor);
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

  /** Applies what is due by `day` (ex-date on or before it) and not applied yet. */
  async function applyDue(day: string, actor: Actor) {
    const due = await db
      .select()
      .from(corporateActions)
      .where(and(eq(corporateActions.status, 'entered'), lte(corporateActions.exDate, day)))
      .orderBy(asc(corporateActions.exDate));
    const applied: { id: string; symbol: string; kind: string; clients: number }[] = [];
    const skipped: { id: string; symbol: string; kind: string; reason: string }[] = [];
    for (const action of due) {
      if (!APPLIED_KINDS.has(action.kind)) {
        skipped.push({ ...action, reason: 'Not applied to holdings yet (decision 029).' });
        continue;
      }
      const clients = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(corporateActions)
          .where(and(eq(corporateActions.id, action.id), eq(corporateActions.status, 'entered')))
          .for('update');
        if (!locked) return null;
        const holders = await holdersBefore(locked.symbol, locked.exDate, tx);
        const count = await recordDividend(tx, locked, holders, clock.now());
        await tx
          .update(corporateActions)
          .set({ status: 'applied', appliedAt: clock.now() })
          .where(eq(corporateActions.id, locked.id));
        await recordAudit(tx, actor, {
          action: 'portfolio.corporate_action.apply',
          subjectType: 'corporate_action',
          subjectId: locked.id,
          before: { status: 'entered' },
          after: { status: 'applied', clients: count },
        });
        return count;
      });
      if (clients !== null) applied.push({ ...action, clients });
    }
    return { applied, skipped };
  }

  return { add, importFile, list, applyDue };
}
export type CorporateActions = ReturnType<typeof createCorporateActions>;
