import { and, asc, eq, lte } from 'drizzle-orm';
import type { Actor } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { applyTransition } from '../../platform/transitions.ts';
import type { CorporateActionDeps } from './corporate-action-deps.ts';
import { ACTION, holdingActionOf } from './corporate-action-rows.ts';
import { recordDividend } from './dividends.ts';
import { corporateActions } from './tables.ts';

/** Applies one entered action in its own transaction; null when another run got there first. */
export async function applyOne(deps: CorporateActionDeps, id: string, actor: Actor) {
  const { db, clock, holdersBefore, applyToHoldings, rebasePrices } = deps;
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
export async function applyDue(deps: CorporateActionDeps, day: string, actor: Actor) {
  const due = await deps.db
    .select()
    .from(corporateActions)
    .where(and(eq(corporateActions.status, 'entered'), lte(corporateActions.exDate, day)))
    .orderBy(asc(corporateActions.exDate), asc(corporateActions.createdAt));
  const applied: { id: string; symbol: string; kind: string; clients: number }[] = [];
  for (const action of due) {
    const done = await applyOne(deps, action.id, actor);
    if (done) applied.push(done);
  }
  return {
    applied,
    skipped: [] as { id: string; symbol: string; kind: string; reason: string }[],
  };
}
