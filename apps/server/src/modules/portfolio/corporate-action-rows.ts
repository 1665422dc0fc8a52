/** A corporate action's row: its lifecycle, how it is read, made and handed to trading. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CORPORATE_ACTION_STEPS,
  PORTFOLIO_MESSAGES as PM,
  type TCorporateActionInput,
  type TCorporateActionStatus,
} from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { lifecycle } from '../../platform/transitions.ts';
import type { HoldingAction } from '../trading/service.ts';
import type { ParsedAction } from './nse-actions-file.ts';
import { corporateActions } from './tables.ts';

export type ActionRow = typeof corporateActions.$inferSelect;

export const ACTION = lifecycle({
  name: 'corporate_action',
  subject: 'corporate_action',
  table: corporateActions,
  state: { field: 'status' },
  transitions: CORPORATE_ACTION_STEPS,
  refuse: (_step, current: TCorporateActionStatus | null) =>
    current === null ? notFound(PM.actionNotFound) : conflict(PM.actionNotProposed(current)),
});

/** What trading needs of a split, consolidation, bonus or symbol change. */
export const holdingActionOf = (a: ActionRow): HoldingAction => ({
  id: a.id,
  symbol: a.symbol,
  kind: a.kind as HoldingAction['kind'],
  ratioNew: a.kind === 'symbol_change' ? 1 : a.ratioNew!,
  ratioOld: a.kind === 'symbol_change' ? 1 : a.ratioOld!,
  newSymbol: a.newSymbol,
  exDate: a.exDate,
  allotDate: a.paymentDate ?? a.recordDate ?? a.exDate,
});

export function rowOf(input: TCorporateActionInput | ParsedAction, source: string, now: Date) {
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

export async function byId(db: Executor, id: string): Promise<ActionRow> {
  const [row] = await db.select().from(corporateActions).where(eq(corporateActions.id, id));
  if (!row) throw notFound(PM.actionNotFound);
  return row;
}
