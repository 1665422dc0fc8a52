/**
 * Postbacks: each status change of an order an app placed is POSTed as JSON to the app's
 * postback URL with `checksum` = SHA-256(order_id + order_timestamp + api_secret). Nothing here
 * runs on the order's path: order-updates.ts claims the event after the commit (from the bus)
 * and the first attempt goes at once. A refused or failed one is retried with doubling waits
 * (postback-backoff.ts) for an hour, by whichever instance's sweep finds it due: the row in
 * `connect_postbacks` is a leased outbox (platform/outbox.ts, decision 042), so retries outlive
 * the instance that made the first attempt.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addMs, type Clock } from '../../platform/clock.ts';
import { claimDue, everyPass, type OutboxSteps, settle } from '../../platform/outbox.ts';
import type { Apps, AppRow } from './apps.ts';
import { nextPostbackAttempt, POSTBACK_LEASE_MS, SEND_TIMEOUT_MS } from './postback-backoff.ts';
import { connectApps, connectPostbacks, type PostbackPayload, type PostbackRow } from './tables.ts';
import { postbackChecksum } from './wire.ts';

export type KiteOrderView = PostbackPayload;
export type PostbackStatus = 'queued' | 'sending' | 'delivered' | 'failed';

export const POSTBACK_STEPS = {
  claim: { from: ['queued', 'sending'], to: 'sending' },
  deliver: { from: ['sending'], to: 'delivered' },
  retry: { from: ['sending'], to: 'queued' },
  fail: { from: ['sending'], to: 'failed' },
} as const satisfies OutboxSteps<PostbackStatus>;

/** Every instance sweeps this often: the first wait is 1 s, so a retry is at most ~1 s late. */
export const POSTBACK_SWEEP_MS = 1000;
const BATCH = 50;

type Deps = {
  db: Db;
  clock: Clock;
  apps: Pick<Apps, 'secretOf'>;
  log?: ((message: string, error?: unknown) => void) | undefined;
};

/** One POST; answers null when the receiver took it (2xx), else what went wrong. */
async function postJson(url: string, body: string, inFlight: Set<AbortController>) {
  const abort = new AbortController();
  inFlight.add(abort);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.any([abort.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    inFlight.delete(abort);
  }
}

/** Why a postback is not sent at all (and not retried): its app is gone, off, or has no URL. */
const refusalOf = (app: AppRow | undefined) =>
  !app
    ? 'The app no longer exists.'
    : app.disabled
      ? 'The app is disabled.'
      : !app.postbackUrl
        ? 'The app has no postback URL.'
        : null;

export function createPostbacks({ db, clock, apps, log }: Deps) {
  /** Attempts in flight: a close aborts them and leaves their rows to the lease. */
  const inFlight = new Set<AbortController>();
  /** First attempts started by `sendNow`: a close waits for them (aborted, they end at once). */
  const firsts = new Set<Promise<unknown>>();
  let closed = false;

  /** One claimed attempt: sent to the app's URL as it is now, with its secret as it is now. */
  async function attempt(row: PostbackRow, app: AppRow | undefined) {
    const payload = row.payload!;
    const refusal = refusalOf(app);
    const error =
      refusal ??
      (await postJson(
        app!.postbackUrl!,
        JSON.stringify({
          ...payload,
          checksum: postbackChecksum(
            payload.order_id,
            payload.order_timestamp ?? '',
            apps.secretOf(app!),
          ),
        }),
        inFlight,
      ));
    // Stopped mid-send: the row stays leased, and another instance takes it back.
    if (closed) return 'abandoned' as const;
    const at = clock.now();
    const retryAt =
      error === null || refusal ? null : nextPostbackAttempt(row.attempts, at, row.createdAt);
    await settle(
      db,
      connectPostbacks,
      POSTBACK_STEPS,
      row,
      at,
      error === null ? { delivered: { deliveredAt: at } } : { error, retryAt },
    );
    if (error !== null && !retryAt) log?.(`postback for order ${row.orderId} given up: ${error}`);
    return error === null ? ('delivered' as const) : retryAt ? ('queued' as const) : 'failed';
  }

  /** Each row's app, read in one query. */
  async function appsOf(rows: PostbackRow[]) {
    const ids = [...new Set(rows.map((r) => r.appId))];
    if (ids.length === 0) return new Map<string, AppRow>();
    const list = await db.select().from(connectApps).where(inArray(connectApps.id, ids));
    return new Map(list.map((a) => [a.id, a]));
  }

  /** One sweep: claims what is due and attempts it all at once (each within its lease). */
  async function sweep() {
    if (closed) return { claimed: 0, delivered: 0, queued: 0, failed: 0 };
    const rows = await claimDue(db, connectPostbacks, POSTBACK_STEPS, {
      now: clock.now(),
      leaseMs: POSTBACK_LEASE_MS,
      limit: BATCH,
    });
    const owners = await appsOf(rows);
    const outcomes = await Promise.all(rows.map((row) => attempt(row, owners.get(row.appId))));
    const count = (o: string) => outcomes.filter((x) => x === o).length;
    return {
      claimed: rows.length,
      delivered: count('delivered'),
      queued: count('queued'),
      failed: count('failed'),
    };
  }

  return {
    /**
     * Every instance on the bus hears an order event; the one whose row goes in delivers its
     * postback (the event is its status, time and filled quantity). The row is claimed as it
     * goes in (`sending`, its first attempt counted and leased): answers it, or null when
     * another instance has it.
     */
    async claim(app: AppRow, order: KiteOrderView, userId: string): Promise<PostbackRow | null> {
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
    },

    /** The first attempt of a claimed row, at once; failures go to the sweeps. */
    sendNow(row: PostbackRow, app: AppRow) {
      if (closed) return;
      const first = attempt(row, app)
        .catch((error: unknown) => log?.('postback failed to record', error))
        .finally(() => firsts.delete(first));
      firsts.add(first);
    },

    sweep,

    /** This instance's sweeps, every `everyMs`. Answers their stop. */
    startSweeps(everyMs = POSTBACK_SWEEP_MS) {
      return everyPass(everyMs, sweep, (m, e) => log?.(m, e), 'postback sweep');
    },

    /** Stops sending: attempts in flight are aborted and their rows left to the lease. */
    async close() {
      closed = true;
      for (const abort of inFlight) abort.abort();
      await Promise.all(firsts);
    },
  };
}
export type Postbacks = ReturnType<typeof createPostbacks>;
