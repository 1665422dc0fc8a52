import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { claimDue, settle } from '../../platform/outbox.ts';
import type { AppRow } from './apps.ts';
import { nextPostbackAttempt, POSTBACK_LEASE_MS, SEND_TIMEOUT_MS } from './postback-backoff.ts';
import { POSTBACK_STEPS, type PostbackDeps, type PostbackState } from './postback-deps.ts';
import { connectApps, connectPostbacks, type PostbackRow } from './tables.ts';
import { postbackChecksum } from './wire.ts';

const BATCH = 50;

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

/** One claimed attempt: sent to the app's URL as it is now, with its secret as it is now. */
export async function attemptPostback(
  deps: PostbackDeps,
  state: PostbackState,
  row: PostbackRow,
  app: AppRow | undefined,
) {
  const { db, clock, apps, log } = deps;
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
      state.inFlight,
    ));
  // Stopped mid-send: the row stays leased, and another instance takes it back.
  if (state.closed) return 'abandoned' as const;
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
async function appsOf(db: Db, rows: PostbackRow[]) {
  const ids = [...new Set(rows.map((r) => r.appId))];
  if (ids.length === 0) return new Map<string, AppRow>();
  const list = await db.select().from(connectApps).where(inArray(connectApps.id, ids));
  return new Map(list.map((a) => [a.id, a]));
}

/** One sweep: claims what is due and attempts it all at once (each within its lease). */
export async function sweepPostbacks(deps: PostbackDeps, state: PostbackState) {
  const { db, clock } = deps;
  if (state.closed) return { claimed: 0, delivered: 0, queued: 0, failed: 0 };
  const rows = await claimDue(db, connectPostbacks, POSTBACK_STEPS, {
    now: clock.now(),
    leaseMs: POSTBACK_LEASE_MS,
    limit: BATCH,
  });
  const owners = await appsOf(db, rows);
  const outcomes = await Promise.all(
    rows.map((row) => attemptPostback(deps, state, row, owners.get(row.appId))),
  );
  const count = (o: string) => outcomes.filter((x) => x === o).length;
  return {
    claimed: rows.length,
    delivered: count('delivered'),
    queued: count('queued'),
    failed: count('failed'),
  };
}
