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
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ShareRatio, TCorporateActionInput } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import { addCorporateActions, importActionsFile } from './add-corporate-actions.ts';
import { applyDue, applyOne } from './apply-corporate-action.ts';
import type { CorporateActionDeps } from './corporate-action-deps.ts';
import { byId } from './corporate-action-rows.ts';
import { approveAction, rejectAction } from './decide-corporate-action.ts';
import type { ParsedAction } from './nse-actions-file.ts';
import { corporateActions } from './tables.ts';

export type { ApplyToHoldings, HoldersBefore, RebasePrices } from './corporate-action-deps.ts';

export function createCorporateActions(deps: CorporateActionDeps) {
  const { db } = deps;
  return {
    add: (
      inputs: (TCorporateActionInput | ParsedAction)[],
      source: string,
      actor: Actor,
      proposedBy?: string,
    ) => addCorporateActions(deps, inputs, source, actor, proposedBy),
    importFile: (text: string, actor: Actor, proposedBy?: string) =>
      importActionsFile(deps, text, actor, proposedBy),
    list: () =>
      db
        .select()
        .from(corporateActions)
        .orderBy(desc(corporateActions.exDate), asc(corporateActions.symbol)),
    applyDue: (day: string, actor: Actor) => applyDue(deps, day, actor),
    applyOne: (id: string, actor: Actor) => applyOne(deps, id, actor),
    approve: (id: string, staffId: string, actor: Actor, today: string) =>
      approveAction(deps, id, staffId, actor, today),
    reject: (id: string, staffId: string, reason: string, actor: Actor) =>
      rejectAction(deps, id, staffId, reason, actor),
    byId: (id: string) => byId(db, id),
  };
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
