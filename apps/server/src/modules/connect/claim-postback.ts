import { randomUUID } from 'node:crypto';
import { addMs } from '../../platform/clock.ts';
import type { AppRow } from './apps.ts';
import { POSTBACK_LEASE_MS } from './postback-backoff.ts';
import { type KiteOrderView, POSTBACK_STEPS, type PostbackDeps } from './postback-deps.ts';
import { connectPostbacks, type PostbackPayload, type PostbackRow } from './tables.ts';

/**
 * Every instance on the bus hears an order event; the one whose row goes in delivers its
 * postback (the event is its status, time and filled quantity). The row is claimed as it
 * goes in (`sending`, its first attempt counted and leased): answers it, or null when
 * another instance has it.
 */
export async function claimPostback(
  { db, clock }: PostbackDeps,
  app: AppRow,
  order: KiteOrderView,
  userId: string,
): Promise<PostbackRow | null> {
  const now = clock.now();
  const payload: PostbackPayload = {
    ...order,
    user_id: userId,
    app_id: app.apiKey,
    unfilled_quantity: order.pending_quantity ?? 0,
  };
  const [row] = await db
    .insert(connectPostbacks)
    .values({
      id: randomUUID(),
      appId: app.id,
      orderId: order.order_id,
      event: `${String(order.status)}|${order.order_timestamp ?? ''}|${String(order.filled_quantity)}`,
      payload,
      status: POSTBACK_STEPS.claim.to,
      attempts: 1,
      nextAttemptAt: addMs(now, POSTBACK_LEASE_MS),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
