/** New quantity or prices of an active GTT, checked as when set; the validity stays. */
import { and, eq } from 'drizzle-orm';
import { GM, type TGtt } from '@sampada/shared';
import { recordAudit } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { checkedClient, lockOwn, validateGtt } from './gtt-checks.ts';
import type { GttDeps } from './gtt-deps.ts';
import { apiAudit, audited } from './gtt-rules.ts';
import type { GttEditInput, GttWriteOptions } from './gtt-types.ts';
import { gttViews } from './gtt-views.ts';
import { gtts } from './tables.ts';

export async function editGtt(
  deps: GttDeps,
  clientId: string,
  id: string,
  input: GttEditInput,
  options: GttWriteOptions,
): Promise<TGtt> {
  const { db, clock } = deps;
  await checkedClient(deps, clientId, input.pin, options);
  const transaction = options.transaction ?? plainTransaction(db);
  return transaction(async (tx) => {
    const current = await lockOwn(tx, clientId, id);
    if (current.status !== 'active') throw conflict(GM.notActive(current.status));
    const merged = {
      kind: current.kind as 'single' | 'oco',
      symbol: current.symbol,
      side: current.side as 'buy' | 'sell',
      quantity: input.quantity ?? current.quantity,
      trigger_price: input.trigger_price ?? current.triggerPaise,
      limit_price: input.limit_price ?? current.limitPaise,
      stop_trigger_price: input.stop_trigger_price ?? current.stopTriggerPaise ?? undefined,
      stop_limit_price: input.stop_limit_price ?? current.stopLimitPaise ?? undefined,
    };
    const { last } = await validateGtt(deps, tx, clientId, merged);
    const [changed] = await tx
      .update(gtts)
      .set({
        quantity: merged.quantity,
        triggerPaise: merged.trigger_price,
        limitPaise: merged.limit_price,
        stopTriggerPaise: current.kind === 'oco' ? merged.stop_trigger_price! : null,
        stopLimitPaise: current.kind === 'oco' ? merged.stop_limit_price! : null,
        referencePaise: last,
        revision: current.revision + 1,
        updatedAt: clock.now(),
      })
      .where(and(eq(gtts.id, id), eq(gtts.status, 'active')))
      .returning();
    await recordAudit(tx, options.actor, {
      action: 'gtt.edit',
      subjectType: 'gtt',
      subjectId: id,
      before: audited(current),
      after: { ...audited(changed!), revision: changed!.revision, ...apiAudit(options) },
    });
    return (await gttViews(deps, [changed!], tx))[0]!;
  });
}
