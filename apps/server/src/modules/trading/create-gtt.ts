/** A client sets a GTT, valid for a year; it holds no cash and no shares until it fires. */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { daysInMs, GM, GTT_VALID_DAYS, type TGtt } from '@sampada/shared';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { plainTransaction } from '../../platform/transaction.ts';
import { checkedClient, validateGtt } from './gtt-checks.ts';
import type { GttDeps } from './gtt-deps.ts';
import { apiAudit, audited } from './gtt-rules.ts';
import type { GttInput, GttWriteOptions } from './gtt-types.ts';
import { gttViews } from './gtt-views.ts';
import { gtts } from './tables.ts';

const MAX_ACTIVE = 200;

export async function createGtt(
  deps: GttDeps,
  clientId: string,
  input: GttInput,
  options: GttWriteOptions,
): Promise<TGtt> {
  const { db, clock } = deps;
  await checkedClient(deps, clientId, input.pin, options);
  const transaction = options.transaction ?? plainTransaction(db);
  return transaction(async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(gtts)
      .where(and(eq(gtts.clientId, clientId), eq(gtts.status, 'active')));
    if ((active?.n ?? 0) >= MAX_ACTIVE) throw badRequest(GM.tooMany);
    const { last } = await validateGtt(deps, tx, clientId, input);
    const now = clock.now();
    const [row] = await tx
      .insert(gtts)
      .values({
        id: randomUUID(),
        clientId,
        kind: input.kind,
        symbol: input.symbol,
        side: input.side,
        quantity: input.quantity,
        triggerPaise: input.trigger_price,
        limitPaise: input.limit_price,
        stopTriggerPaise: input.kind === 'oco' ? input.stop_trigger_price! : null,
        stopLimitPaise: input.kind === 'oco' ? input.stop_limit_price! : null,
        referencePaise: last,
        expiresAt: new Date(now.getTime() + daysInMs(GTT_VALID_DAYS)),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, options.actor, {
      action: 'gtt.create',
      subjectType: 'gtt',
      subjectId: row!.id,
      after: { ...audited(row!), status: 'active', ...apiAudit(options) },
    });
    await options.api?.onSaved?.(tx, row!.id);
    return (await gttViews(deps, [row!], tx))[0]!;
  });
}
