/** The GTT's lifecycle and the pure rules its use cases share. */
import { GM, GTT_STEPS, type TGttStatus } from '@sampada/shared';
import { conflict, notFound } from '../../platform/errors.ts';
import { lifecycle } from '../../platform/transitions.ts';
import type { GttAuthorisation, GttRow, Leg } from './gtt-types.ts';
import { gtts } from './tables.ts';
import { gttNotice } from './views.ts';

export const SYSTEM = { type: 'system', id: 'gtt' } as const;

export const GTT = lifecycle({
  name: 'gtt',
  subject: 'gtt',
  table: gtts,
  state: { field: 'status' },
  transitions: GTT_STEPS,
  refuse: (_step, current: TGttStatus | null) =>
    current === null ? notFound(GM.notFound) : conflict(GM.notActive(current)),
  notice: (row) => gttNotice(row),
});

/** Which leg a print at `last` fires, if any. */
export function legCrossed(
  row: Pick<GttRow, 'kind' | 'triggerPaise' | 'stopTriggerPaise' | 'referencePaise'>,
  last: bigint,
): Leg | null {
  if (row.kind === 'oco') {
    if (last >= row.triggerPaise) return 'target';
    if (row.stopTriggerPaise !== null && last <= row.stopTriggerPaise) return 'stop';
    return null;
  }
  const rising = row.triggerPaise > row.referencePaise;
  return (rising ? last >= row.triggerPaise : last <= row.triggerPaise) ? 'target' : null;
}

/** A GTT's terms as the audit rows keep them. */
export const audited = (row: GttRow) => ({
  kind: row.kind,
  symbol: row.symbol,
  side: row.side,
  quantity: row.quantity,
  triggerPaise: row.triggerPaise.toString(),
  limitPaise: row.limitPaise.toString(),
  stopTriggerPaise: row.stopTriggerPaise?.toString() ?? null,
  stopLimitPaise: row.stopLimitPaise?.toString() ?? null,
});

/** The API app on the audit row of a GTT set or edited through it. */
export const apiAudit = (auth: GttAuthorisation) =>
  auth.api ? { origin: 'api', api_app_id: auth.api.appId } : {};
